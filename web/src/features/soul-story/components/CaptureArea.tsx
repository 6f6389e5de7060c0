import { Anchor, Badge, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconMovie, IconPhotoPlus, IconVideo } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Prompt } from '#contract/prompts.ts';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MAX_VIDEO_BYTES,
  type StoryType,
  soulStoryMessages,
  storyFileName,
  videoAccept,
} from '#contract/soul-story.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { extensionOf, isImageFile, isVideoFile } from '../media.ts';
import { type RecordingProgress, RecordingUpload, uploadedPercent } from '../recording-upload.ts';
import { type SendState, sendUntilConfirmed } from '../send-kept.ts';
import { newKeptId, useTakeKeeper } from '../take-keeper.ts';
import { discardKept } from '../tus-transport.ts';
import { LiveCamera } from './LiveCamera.tsx';
import { RecordingStatus } from './RecordingStatus.tsx';
import { type Take, TakePreview } from './TakePreview.tsx';
import { useHasCamera, useRecorder } from './use-recorder.ts';

type Capture =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'recording' }
  | {
      step: 'preview';
      take: Take;
      type: StoryType;
      /** Its key in the keeper once Save was pressed. */
      keptId: string;
      sending: SendState | null;
      inMemory: boolean;
      failure: string | null;
    };

const previewOf = (take: Take, type: StoryType, keptId = newKeptId()): Capture => ({
  step: 'preview',
  take,
  type,
  keptId,
  sending: null,
  inMemory: false,
  failure: null,
});

interface Props {
  /** The prompt to record next, or none when every prompt has its take. */
  prompt: Prompt | undefined;
  photoCount: number;
  onSaved: (type: StoryType) => void;
}

export function CaptureArea({ prompt, photoCount, onSaved }: Props) {
  const [capture, setCapture] = useState<Capture>({ step: 'idle' });
  const recorder = useRecorder();
  const [hasCamera, setHasCamera] = useHasCamera();
  const [cameraFailed, setCameraFailed] = useState(false);
  const resetPhotoInput = useRef<() => void>(null);
  const resetVideoInput = useRef<() => void>(null);
  const keeper = useTakeKeeper();
  const stopRetrying = useRef<AbortController>(null);
  /** The take being recorded (or previewed after recording), uploading as it grows. */
  const recordingUpload = useRef<RecordingUpload>(null);
  const [recordingProgress, setRecordingProgress] = useState<RecordingProgress | null>(null);
  useEffect(
    () => () => {
      stopRetrying.current?.abort();
      recordingUpload.current?.leave();
    },
    [],
  );

  /** Leaves the preview; a take the pilgrim discards is forgotten by the keeper (and the server) too. */
  const reset = useCallback(() => {
    recorder.release();
    stopRetrying.current?.abort();
    const uploading = recordingUpload.current;
    recordingUpload.current = null;
    void uploading?.discard();
    setRecordingProgress(null);
    setCapture((current) => {
      if (current.step === 'preview') {
        URL.revokeObjectURL(current.take.url);
        if (!uploading) void discardKept(keeper, current.keptId);
      }
      return { step: 'idle' };
    });
    resetPhotoInput.current?.();
    resetVideoInput.current?.();
  }, [recorder.release, keeper]);

  const startRecording = async () => {
    if (!prompt) return;
    setCapture({ step: 'starting' });
    try {
      const format = await recorder.start((chunk) => recordingUpload.current?.append(chunk));
      // The first chunk comes a second after the start, so the upload is there to take it.
      recordingUpload.current = new RecordingUpload({
        keeper,
        mimeType: format.fileType,
        item: {
          type: prompt.id,
          title: prompt.name,
          fileName: storyFileName(prompt.name, format.extension),
        },
        onProgress: setRecordingProgress,
      });
      setCapture({ step: 'recording' });
    } catch (error) {
      toast('error', soulStoryMessages.cameraError, (error as Error).message);
      if ((error as Error).name === 'NotFoundError') setHasCamera(false);
      setCameraFailed(true);
      reset();
    }
  };

  const stopRecording = useCallback(async () => {
    const recorded = await recorder.stop();
    if (!recorded || !prompt) return;
    // Stopped before the camera gave a frame: there is no take to preview, keep or send.
    if (recorded.blob.size === 0) {
      toast('warning', soulStoryMessages.nothingRecorded);
      reset();
      return;
    }
    const uploading = recordingUpload.current;
    void uploading?.stop();
    const url = URL.createObjectURL(recorded.blob);
    setCapture(
      previewOf(
        { kind: 'video', blob: recorded.blob, url, extension: recorded.extension, title: prompt.name },
        prompt.id,
        uploading?.id,
      ),
    );
  }, [recorder.stop, prompt, reset]);

  const choosePhoto = (file: File | null) => {
    if (!file) return;
    if (!isImageFile(file)) {
      toast('warning', soulStoryMessages.onlyImages);
      resetPhotoInput.current?.();
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      toast('warning', soulStoryMessages.photoTooLarge);
      resetPhotoInput.current?.();
      return;
    }
    const take: Take = {
      kind: 'photo',
      blob: file,
      url: URL.createObjectURL(file),
      extension: extensionOf(file),
      title: '',
    };
    setCapture(previewOf(take, 'photo'));
  };

  const chooseVideo = (file: File | null) => {
    if (!file || !prompt) return;
    if (!isVideoFile(file)) {
      toast('warning', 'Only video files are allowed');
      resetVideoInput.current?.();
      return;
    }
    if (file.size > MAX_VIDEO_BYTES) {
      toast('warning', soulStoryMessages.videoTooLarge);
      resetVideoInput.current?.();
      return;
    }
    const take: Take = {
      kind: 'video',
      blob: file,
      url: URL.createObjectURL(file),
      extension: extensionOf(file),
      title: prompt.name,
    };
    setCapture(previewOf(take, prompt.id));
  };

  const save = async () => {
    if (capture.step !== 'preview' || capture.sending !== null) return;
    const { take, type, keptId } = capture;
    const title = take.title.trim();
    if (take.kind === 'photo' && !title) {
      toast('warning', soulStoryMessages.photoTitleRequired);
      return;
    }
    const update = (values: Partial<Extract<Capture, { step: 'preview' }>>) =>
      setCapture((current) =>
        current.step === 'preview' && current.keptId === keptId ? { ...current, ...values } : current,
      );
    update({ sending: { step: 'uploading', percent: 0 }, failure: null });
    const keepAndSend = async () => {
      const item = {
        id: keptId,
        type,
        title,
        fileName: storyFileName(title, take.extension),
        blob: take.blob,
        keptAt: Date.now(),
      };
      update({ inMemory: (await keeper.keep(item)) === 'in-memory' });
      const controller = new AbortController();
      stopRetrying.current = controller;
      await sendUntilConfirmed(item, {
        keeper,
        onState: (sending) => update({ sending }),
        signal: controller.signal,
      });
    };
    // A recorded take is already kept and (nearly) uploaded: Save sends the rest and its length.
    const uploading = recordingUpload.current;
    try {
      await (uploading ? uploading.save() : keepAndSend());
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const message = errorMessage(error, soulStoryMessages.uploadFailedFallback);
      toast('error', soulStoryMessages.uploadFailed, message);
      update({ sending: null, failure: message });
      return;
    }
    // Confirmed by the server: nothing is left to discard.
    if (recordingUpload.current === uploading) recordingUpload.current = null;
    toast('success', soulStoryMessages.saved);
    reset();
    onSaved(type);
  };

  /** After Save, a recorded take's progress is the share of its bytes the server holds. */
  const sendingOf = (sending: SendState | null): SendState | null =>
    sending && recordingProgress
      ? recordingProgress.waiting
        ? { step: 'waiting' }
        : { step: 'uploading', percent: uploadedPercent(recordingProgress) }
      : sending;

  const photosFull = photoCount >= MAX_PHOTOS;
  const idle = capture.step === 'idle';
  const offerVideoFile = idle && (!hasCamera || cameraFailed);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="capture-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="capture-heading">
          Capture a Memory
        </Title>
        {prompt ? (
          <Card withBorder bg="sage.0" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Text size="xs" tt="uppercase" fw={600} c="gray.7">
                  Your prompt
                </Text>
                <Title order={3} size="h4">
                  {prompt.name}
                </Title>
                <Text>{prompt.question}</Text>
              </Stack>
              <Badge color={prompt.color} variant="dot">
                Video
              </Badge>
            </Group>
          </Card>
        ) : (
          <Text>
            All four reflections are recorded. To record one again, choose Re-record on your{' '}
            <Anchor component={Link} to="/notifications">
              notifications page
            </Anchor>
            .
          </Text>
        )}

        {capture.step === 'recording' && recorder.stream && prompt && (
          <Stack gap="sm" align="center">
            <LiveCamera stream={recorder.stream} promptName={prompt.name} onStop={stopRecording} />
            {recordingProgress && <RecordingStatus progress={recordingProgress} />}
          </Stack>
        )}

        {capture.step === 'preview' && (
          <TakePreview
            take={capture.take}
            sending={sendingOf(capture.sending)}
            inMemory={recordingProgress?.inMemory ?? capture.inMemory}
            status={recordingProgress && <RecordingStatus progress={recordingProgress} />}
            failure={capture.failure}
            onTitleChange={(title) =>
              setCapture((current) =>
                current.step === 'preview' ? { ...current, take: { ...current.take, title } } : current,
              )
            }
            onDiscard={reset}
            onSave={save}
          />
        )}

        <Group gap="sm">
          {prompt && hasCamera && (idle || capture.step === 'starting') && (
            <Button
              leftSection={<IconVideo size={16} />}
              onClick={startRecording}
              loading={capture.step === 'starting'}
            >
              Record Now
            </Button>
          )}
          {prompt && offerVideoFile && (
            <FileButton onChange={chooseVideo} accept={videoAccept} resetRef={resetVideoInput}>
              {(props) => (
                <Button {...props} leftSection={<IconMovie size={16} />}>
                  Choose a Video File
                </Button>
              )}
            </FileButton>
          )}
          {idle && (
            <FileButton
              onChange={choosePhoto}
              accept="image/*"
              resetRef={resetPhotoInput}
              disabled={photosFull}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconPhotoPlus size={16} />}
                  disabled={photosFull}
                >
                  Upload a Photo ({photoCount}/{MAX_PHOTOS})
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {prompt && offerVideoFile && (
          <Text size="sm" c="gray.7">
            {hasCamera
              ? 'The camera could not be opened. You can try again, or choose a video you have already recorded (WebM or MP4).'
              : 'No camera was found, so you can choose a video you have already recorded (WebM or MP4).'}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
