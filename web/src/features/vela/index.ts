export { useChatConfig } from './api/get-chat-config.ts';
export { JourneySettingsCard } from './JourneySettingsCard.tsx';
export { SafetyApproach } from './SafetyApproach.tsx';
export { WorldviewCard } from './WorldviewCard.tsx';
