import { Alert, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminMessages } from '#contract/admin.ts';

/** Loading, failure and empty states shared by every section; children render the data. */
export function SectionState<Data>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: UseQueryResult<Data>;
  empty: string;
  isEmpty: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Loader aria-label="Loading" />;
  if (query.isError) return <Alert color="red">{adminMessages.loadFailed}</Alert>;
  if (isEmpty(query.data)) return <Text c="gray.7">{empty}</Text>;
  return children(query.data);
}
