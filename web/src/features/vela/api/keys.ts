export const velaKeys = {
  /** The profile holds the journey; the key matches the profile feature's, so a save there refreshes this. */
  journey: () => ['profile'] as const,
  history: () => ['vela', 'history'] as const,
  helplines: () => ['vela', 'helplines'] as const,
  config: () => ['vela', 'config'] as const,
};
