export const authKeys = {
  currentUser: (token: string | null) => ['auth', 'current-user', token] as const,
  all: ['auth'] as const,
};
