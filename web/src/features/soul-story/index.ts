/** What other features may use from Soul Stories. */
export { completedPromptsQuery, useCompletedPrompts } from './api/get-completed-prompts.ts';
