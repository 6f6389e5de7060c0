import type { Helpline, SafetyGroup } from '#contract/vela.ts';

/** One message on screen (spec: role and content), with what a safety reply needs to show its helpline. */
export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  safety?: SafetyGroup | null;
  helpline?: Helpline;
  streaming?: boolean;
}

let counter = 0;
export const entryId = () => `local-${Date.now()}-${counter++}`;

export const assistantEntry = (content: string, extra: Partial<ChatEntry> = {}): ChatEntry => ({
  id: entryId(),
  role: 'assistant',
  content,
  ...extra,
});
