import { useCallback, useEffect, useRef, useState } from 'react';
import { chooseRecordingFormat, type RecordingFormat } from '../media.ts';

export interface RecordedTake {
  blob: Blob;
  extension: string;
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  finished: Promise<Blob>;
  format: RecordingFormat;
}

const supportedFormat = () =>
  typeof MediaRecorder === 'undefined'
    ? null
    : chooseRecordingFormat((mimeType) => MediaRecorder.isTypeSupported(mimeType));

const stopTracks = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/** Camera and microphone recording with MediaRecorder; the camera is released whenever recording ends. */
export function useRecorder() {
  const session = useRef<Session | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  const release = useCallback(() => {
    if (session.current) {
      if (session.current.recorder.state !== 'inactive') session.current.recorder.stop();
      stopTracks(session.current.stream);
    }
    session.current = null;
    setStream(null);
  }, []);

  useEffect(() => release, [release]);

  /** Starts recording; each chunk (one a second) also goes to `onChunk` as it is recorded. */
  const start = useCallback(async (onChunk?: (chunk: Blob) => void) => {
    const format = supportedFormat();
    if (!navigator.mediaDevices?.getUserMedia || !format) {
      throw new Error('This browser cannot record video. Please choose a video file instead.');
    }
    const media = await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: true,
    });
    try {
      const recorder = new MediaRecorder(media, { mimeType: format.mimeType });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        onChunk?.(event.data);
      };
      const finished = new Promise<Blob>((resolve) => {
        recorder.onstop = () => resolve(new Blob(chunks, { type: format.fileType }));
      });
      // A chunk every second is uploaded while recording, and spares a long take one huge buffer at the end.
      recorder.start(1000);
      session.current = { stream: media, recorder, finished, format };
      setStream(media);
      return format;
    } catch (error) {
      stopTracks(media);
      throw error;
    }
  }, []);

  const stop = useCallback(async (): Promise<RecordedTake | null> => {
    const current = session.current;
    if (!current) return null;
    current.recorder.stop();
    const blob = await current.finished;
    release();
    return { blob, extension: current.format.extension };
  }, [release]);

  return { stream, start, stop, release };
}

/** Whether any camera is there to record with; without one the page offers choosing a video file. */
export function useHasCamera() {
  const [hasCamera, setHasCamera] = useState(true);
  useEffect(() => {
    let active = true;
    const devices = navigator.mediaDevices;
    if (!devices?.enumerateDevices || typeof MediaRecorder === 'undefined') {
      setHasCamera(false);
      return;
    }
    devices
      .enumerateDevices()
      .then((found) => {
        if (active) setHasCamera(found.some((device) => device.kind === 'videoinput'));
      })
      .catch(() => {
        if (active) setHasCamera(false);
      });
    return () => {
      active = false;
    };
  }, []);
  return [hasCamera, setHasCamera] as const;
}
