/** The four guided reflections of a Soul Story, in their natural order. */
export const prompts = [
  {
    id: 'call',
    name: 'The Call',
    question: 'What called you to this journey?',
    description: 'Remember the first stirring: the moment the road began to call your name.',
    color: 'blue',
  },
  {
    id: 'suffering',
    name: 'The Suffering',
    question: 'Share a moment of challenge.',
    description: 'Blisters, doubt, loneliness: name what was hard and what it asked of you.',
    color: 'red',
  },
  {
    id: 'joy',
    name: 'The Joy',
    question: 'Describe a moment of profound joy.',
    description: 'A shared meal, a sunrise, a stranger’s kindness: return to what lifted you.',
    color: 'green',
  },
  {
    id: 'what_found_you',
    name: 'What Found You',
    question: 'What unexpected insight found you?',
    description: 'Not what you went looking for, but what came looking for you.',
    color: 'purple',
  },
] as const;

export type Prompt = (typeof prompts)[number];
export type PromptId = Prompt['id'];
export const promptIds = prompts.map((prompt) => prompt.id) as [PromptId, ...PromptId[]];
export const PROMPT_COUNT = prompts.length;
export const MAX_PHOTOS = 3;

export const promptById = (id: string): Prompt | undefined => prompts.find((prompt) => prompt.id === id);

/** The spec's "next prompt": the first one not yet completed. */
export const nextPrompt = (completed: readonly string[]): Prompt | undefined =>
  prompts.find((prompt) => !completed.includes(prompt.id));

/** Progress = completed prompts / 4, as a whole percentage. */
export const progressPercent = (completed: readonly string[]): number =>
  Math.round((prompts.filter((prompt) => completed.includes(prompt.id)).length / PROMPT_COUNT) * 100);
