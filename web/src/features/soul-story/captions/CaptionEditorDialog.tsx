import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CaptionsResponse, SoulStoryItem } from '#contract/soul-story.ts';
import { vttTime } from '#contract/webvtt-time.ts';
import { errorMessage } from '#web/shared/http.ts';
import { useCaptions } from '../api/get-captions.ts';
import { CueRow } from './CueRow.tsx';
import {
  activeCue,
  addCue,
  type Cue,
  mergeWithNext,
  nudgeCue,
  placeForNewCue,
  removeCue,
  setCueText,
  splitCue,
} from './cues.ts';
import { type SaveState, useCaptionsAutosave } from './use-captions-autosave.ts';
import { fromVtt, toVtt } from './webvtt.ts';

/** The languages offered first: the app's own, and those most heard on the Camino. */
const COMMON_LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'pl', 'ga', 'gl', 'ca', 'eu', 'ko', 'ja'];

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The page's language when it is one a pilgrim can pick here, else English. */
const defaultLanguage = () => {
  const pageLanguage = document.documentElement.lang.split('-')[0] ?? '';
  return COMMON_LANGUAGES.includes(pageLanguage) ? pageLanguage : 'en';
};

const sourceLabels: Record<CaptionsResponse['source'], string> = {
  pilgrim: 'Written by you',
  transcribed: 'Drafted from the recording: please check the words and times',
};

/** Revokes the blob URLs in `urls` but `keep`, which stays the only one listed. */
const releaseBlobUrls = (urls: { current: string[] }, keep?: string) => {
  for (const url of urls.current) if (url !== keep) URL.revokeObjectURL(url);
  urls.current = keep ? [keep] : [];
};

interface Props {
  story: SoulStoryItem;
  opened: boolean;
  onClose: () => void;
}

/**
 * The captions of one take, written and timed by the pilgrim, by keyboard or pointer. They save on their
 * own while the dialog is open and once more as it closes (when its content unmounts).
 */
export function CaptionEditorDialog({ story, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Captions for ${story.title}`} size="xl">
      <SavedCaptions story={story} />
    </Modal>
  );
}

/** The editor starts from the captions as the server has them when the dialog opens. */
function SavedCaptions({ story }: { story: SoulStoryItem }) {
  const captions = useCaptions(story.id);
  if (captions.isError && !captions.isFetching)
    return (
      <Alert color="red" title="Your captions could not be loaded">
        <Stack gap="xs" align="flex-start">
          {errorMessage(captions.error, 'Please try again.')}
          <Button size="xs" variant="light" color="red" onClick={() => void captions.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (!captions.isFetchedAfterMount || captions.data === undefined)
    return <Loader aria-label="Loading your captions" />;
  return (
    <CaptionEditor
      storyId={story.id}
      videoUrl={story.media_url}
      takeSeconds={story.take_seconds}
      title={story.title}
      saved={captions.data}
      source={captions.data?.source ?? null}
    />
  );
}

interface EditorProps {
  storyId: string;
  videoUrl: string;
  /** The take's length as the server measured it, or null when it has not. */
  takeSeconds: number | null;
  title: string;
  /** The captions when the dialog opened, or null when there were none. */
  saved: CaptionsResponse | null;
  /** Who wrote the captions the server holds now. */
  source: CaptionsResponse['source'] | null;
}

function CaptionEditor({ storyId, videoUrl, takeSeconds, title, saved, source }: EditorProps) {
  const [initial] = useState(() => {
    const cues = saved ? fromVtt(saved.vtt) : [];
    return { cues, language: saved?.language ?? defaultLanguage() };
  });
  const [cues, setCues] = useState<Cue[]>(initial.cues);
  const [language, setLanguage] = useState(initial.language);
  const vtt = useMemo(() => toVtt(cues), [cues]);
  const initialVtt = useMemo(() => toVtt(initial.cues), [initial]);
  const { state, retry } = useCaptionsAutosave(
    storyId,
    { language, vtt },
    { language: initial.language, vtt: initialVtt },
  );

  const video = useRef<HTMLVideoElement>(null);
  // The signed URL is renewed now and then; a new one must not reload the video in the middle of a line.
  const [videoSrc] = useState(videoUrl);
  const [time, setTime] = useState(0);
  // A browser's recording (WebM) does not say how long it is: the length the server measured stands in.
  const measured = takeSeconds ?? Number.POSITIVE_INFINITY;
  const [duration, setDuration] = useState(measured);
  const readDuration = (element: HTMLVideoElement) =>
    setDuration(Number.isFinite(element.duration) ? element.duration : measured);

  // The track plays the captions as edited, before they are saved: each version is a blob of its own.
  // An older one is let go once the track has loaded a newer one, since a load under way fails if its
  // blob goes first.
  const [trackUrl, setTrackUrl] = useState<string>();
  const trackUrls = useRef<string[]>([]);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    trackUrls.current.push(url);
    setTrackUrl(url);
  }, [vtt]);
  useEffect(() => () => releaseBlobUrls(trackUrls), []);

  const textAreas = useRef(new Map<string, HTMLTextAreaElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding, splitting, merging or deleting, the words of the line concerned are where typing goes on.
  const [focusAfterChange, setFocusAfterChange] = useState<{ id: string | null; caret: number } | null>(null);
  useEffect(() => {
    if (!focusAfterChange) return;
    const field = focusAfterChange.id ? textAreas.current.get(focusAfterChange.id) : undefined;
    if (!field) {
      addButton.current?.focus();
      return;
    }
    field.focus();
    field.setSelectionRange(focusAfterChange.caret, focusAfterChange.caret);
  }, [focusAfterChange]);

  const current = activeCue(cues, time);
  const canAdd = placeForNewCue(cues, time, duration) !== null;

  const add = () => {
    const added = addCue(cues, time, duration);
    setCues(added.cues);
    setFocusAfterChange({ id: added.id, caret: 0 });
  };
  const split = (cue: Cue) => {
    const caret = textAreas.current.get(cue.id)?.selectionStart;
    const result = splitCue(cues, cue.id, { time, ...(caret !== undefined ? { caret } : {}) });
    setCues(result.cues);
    if (result.id) setFocusAfterChange({ id: result.id, caret: 0 });
  };
  const merge = (cue: Cue) => {
    const merged = mergeWithNext(cues, cue.id);
    setCues(merged);
    setFocusAfterChange({ id: cue.id, caret: cue.text.trim().length });
  };
  const remove = (cue: Cue, index: number) => {
    setCues(removeCue(cues, cue.id));
    const neighbour = cues[index - 1] ?? cues[index + 1];
    setFocusAfterChange({ id: neighbour?.id ?? null, caret: neighbour?.text.length ?? 0 });
  };
  const play = (cue: Cue) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = cue.start;
    // A refusal to play (no sound device, a browser's policy) still leaves the video at the line.
    element.play().catch(() => undefined);
  };

  const languages = COMMON_LANGUAGES.includes(language) ? COMMON_LANGUAGES : [language, ...COMMON_LANGUAGES];

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {/* Beside a long list of lines, the video stays in view, below the dialog's own sticky header. */}
      <Stack
        gap="sm"
        pos={{ base: 'static', md: 'sticky' }}
        top="calc(3.75rem * var(--mantine-scale))"
        style={{ alignSelf: 'start' }}
      >
        <Box bg="black" style={{ aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden' }}>
          <video
            ref={video}
            src={videoSrc}
            controls
            preload="metadata"
            playsInline
            aria-label={`${title}, with the captions you are writing`}
            onLoadedMetadata={(event) => readDuration(event.currentTarget)}
            onDurationChange={(event) => readDuration(event.currentTarget)}
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
            onSeeked={(event) => setTime(event.currentTarget.currentTime)}
            style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          >
            <track
              kind="captions"
              src={trackUrl}
              srcLang={language}
              label="Captions"
              default
              onLoad={(event) => releaseBlobUrls(trackUrls, event.currentTarget.src)}
            />
          </video>
        </Box>
        <Paper withBorder p="xs" aria-label="Line at the current time" component="section">
          <Text size="xs" c="gray.7">
            Now at {vttTime(time)}
          </Text>
          <Text fw={500}>{current?.text.trim() || '—'}</Text>
        </Paper>
        <Text size="sm" c="gray.7">
          Pause the video where a line should begin and add it there. Split divides a line at the video's time
          (when it falls within the line) and at the cursor in its words.
        </Text>
        <Group justify="space-between" align="flex-end">
          <NativeSelect
            label="Language of the captions"
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value)}
            data={languages.map((tag) => ({ value: tag, label: languageNames.of(tag) ?? tag }))}
          />
          <SaveStatus state={state} />
        </Group>
        {state.status === 'refused' && (
          <Alert color="red" title="Your captions were not saved">
            <Stack gap="xs" align="flex-start">
              {state.message}
              <Button size="xs" variant="light" color="red" onClick={retry}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
      <Stack gap="sm">
        <Group justify="space-between">
          <Badge variant="light" color="sage" tt="none">
            {source ? sourceLabels[source] : 'No captions yet'}
          </Badge>
          <Button
            ref={addButton}
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={add}
            disabled={!canAdd}
          >
            Add a line at the current time
          </Button>
        </Group>
        {cues.length === 0 && (
          <Text c="gray.7">No lines yet. Add the first one, then type what is said.</Text>
        )}
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Caption lines">
          {cues.map((cue, index) => (
            <CueRow
              key={cue.id}
              cue={cue}
              number={index + 1}
              isLast={index === cues.length - 1}
              isCurrent={cue === current}
              textArea={(element) => {
                if (element) textAreas.current.set(cue.id, element);
                else textAreas.current.delete(cue.id);
              }}
              onText={(text) => setCues(setCueText(cues, cue.id, text))}
              onNudge={(edge, delta) => setCues(nudgeCue(cues, cue.id, edge, delta, duration))}
              onPlay={() => play(cue)}
              onSplit={() => split(cue)}
              onMerge={() => merge(cue)}
              onDelete={() => remove(cue, index)}
            />
          ))}
        </Stack>
      </Stack>
    </SimpleGrid>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  const words = { idle: '', saving: 'Saving…', saved: 'Saved', refused: 'Not saved' }[state.status];
  return (
    <Text role="status" size="sm" c={state.status === 'refused' ? 'red.8' : 'gray.7'} mih="1.5em">
      {words}
    </Text>
  );
}
