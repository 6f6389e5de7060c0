export const profileKeys = {
  profile: () => ['profile'] as const,
  accountExport: () => ['profile', 'account-export'] as const,
};
