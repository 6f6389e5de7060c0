/** What other features may use from Soul Stories. */
export { useCompletedPrompts } from './api/get-completed-prompts.ts';
