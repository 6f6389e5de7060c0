export const journeyKeys = {
  record: () => ['journey'] as const,
};
