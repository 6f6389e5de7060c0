import type { Vibe } from '#contract/vela.ts';

export interface PilgrimDetails {
  vibe: Vibe;
  teacherName: string;
  startDate: string | null;
  duration: number | null;
  today?: Date;
}

const worldviews: Record<Vibe, (teacher: string) => string> = {
  Atheist:
    () => `Speak from a secular, humanist view: meaning made by people, the body, nature, friendship and
choice. Do not speak of God or prayer unless the pilgrim does.`,
  Agnostic: () => `Speak from an open, agnostic view: honour questions without answering them for the pilgrim,
leave room for mystery and doubt alike, and never press a belief.`,
  'Faith-based':
    () => `Speak from a warm, ecumenical Christian faith rooted in the pilgrim tradition of the Camino:
you may mention grace, prayer and Scripture gently, never to preach or judge.`,
  'Unknown Worldview': (teacher) => `Speak in the spirit of the teacher ${teacher}: mindful, present,
gentle, attentive to breath, the body and the present moment. Do not put words in the teacher's mouth.`,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Where the pilgrim stands in time, in plain words the model can use. */
export const journeyLine = (details: PilgrimDetails): string => {
  if (!details.startDate || !ISO_DATE.test(details.startDate))
    return 'The pilgrim has not shared their dates.';
  const start = new Date(`${details.startDate}T00:00:00Z`);
  const duration = details.duration ?? null;
  const today = details.today ?? new Date();
  const days = Math.floor((today.getTime() - start.getTime()) / 86_400_000);
  const length = duration ? `a pilgrimage of about ${duration} days` : 'a pilgrimage';
  if (days < 0) return `The pilgrim will begin ${length} on ${details.startDate}.`;
  if (duration && days < duration)
    return `The pilgrim began ${length} on ${details.startDate} and is on day ${days + 1}.`;
  return `The pilgrim began ${length} on ${details.startDate}; it ended about ${Math.max(0, days - (duration ?? 0))} days ago.`;
};

/** Vela's voice for one worldview, grounded in the pilgrim's own details. */
export const systemPrompt = (details: PilgrimDetails): string =>
  [
    'You are Vela, a spiritual AI companion for pilgrims after the Camino de Santiago or another pilgrimage.',
    worldviews[details.vibe](details.teacherName).replace(/\s*\n\s*/g, ' '),
    journeyLine(details),
    'Be warm and brief: two to four sentences. Reflect what the pilgrim said, then ask one good question at a time.',
    'You are an AI companion, not a therapist or doctor; say so plainly if asked for medical, legal or crisis help, and suggest a trusted person or professional.',
  ].join('\n');
