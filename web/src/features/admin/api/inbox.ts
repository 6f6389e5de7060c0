import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommunityRequestItem } from '#contract/community.ts';
import type { ContactMessageItem } from '#contract/contact.ts';
import { api } from '#web/shared/http.ts';
import { adminKeys } from './get-admin-me.ts';

export const useContactMessages = () =>
  useQuery({
    queryKey: adminKeys.messages(),
    queryFn: () => api<ContactMessageItem[]>('/api/admin/messages/'),
  });

export const useCommunityRequests = () =>
  useQuery({
    queryKey: adminKeys.requests(),
    queryFn: () => api<CommunityRequestItem[]>('/api/admin/requests/'),
  });

/**
 * The box ticks at once: the list changes inside the click, so the checkbox never snaps back while
 * the call is on its way, and a reload of the list already in flight cannot undo it. A failed call
 * puts the list back as the server has it.
 */
const useSetHandled = <Item extends { id: string; handled: boolean }>(
  key: readonly string[],
  path: (id: string) => string,
) => {
  const queryClient = useQueryClient();
  const update = (id: string, change: (item: Item) => Item) =>
    queryClient.setQueryData<Item[]>(key, (items) =>
      items?.map((each) => (each.id === id ? change(each) : each)),
    );
  const { mutate } = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      api<Item>(path(id), { method: 'POST', body: { handled } }),
    onSuccess: (saved) => update(saved.id, () => saved),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return (id: string, handled: boolean) => {
    void queryClient.cancelQueries({ queryKey: key });
    update(id, (item) => ({ ...item, handled }));
    mutate({ id, handled });
  };
};

export const useSetMessageHandled = () =>
  useSetHandled<ContactMessageItem>(adminKeys.messages(), (id) => `/api/admin/messages/${id}/handled/`);

export const useSetRequestHandled = () =>
  useSetHandled<CommunityRequestItem>(adminKeys.requests(), (id) => `/api/admin/requests/${id}/handled/`);
