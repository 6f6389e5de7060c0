import { Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountErasure, accountMessages } from '#contract/account.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';
import { errorMessage } from '#web/shared/http.ts';
import { clearSession } from '#web/shared/session.ts';
import { toast } from '#web/shared/toast.ts';
import { deleteAccount } from '../api/delete-account.ts';
import { ProfileActionCard } from './ProfileActionCard.tsx';

/** Says what goes and what is kept, asks for the password, and signs the pilgrim out once it is done. */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);

  // The sessions are already gone on the server, so signing out is only forgetting them here; that
  // waits until the profile has left the screen (this form unmounts with it), since the profile's
  // guard, seeing no session while still on screen, would send the pilgrim to sign in instead.
  useEffect(() => {
    if (!deleted) return;
    return () => {
      clearSession();
      queryClient.clear();
      toast('success', accountMessages.deleted, accountMessages.deletedDetail);
    };
  }, [deleted, queryClient]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(accountMessages.passwordRequired);
      return;
    }
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount({ password });
    } catch (failure) {
      setError(errorMessage(failure, accountMessages.deleteFailed));
      setDeleting(false);
      return;
    }
    setDeleted(true);
    await navigate('/', { replace: true });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">This cannot be undone. Deleting your account erases:</Text>
        <List size="sm" spacing={4}>
          {accountErasure.erased.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Text size="sm" c="gray.7">
          {accountErasure.kept}
        </Text>
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          {...bindText(password, setPassword)}
          error={error}
          data-autofocus
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} type="button" disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={deleting}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Delete my account" centered>
      {opened && <DeleteAccountForm onCancel={onClose} />}
    </Modal>
  );
}

/** The profile's last card: where a pilgrim leaves for good. */
export function DeleteAccountSection() {
  const [opened, setOpened] = useState(false);
  return (
    <ProfileActionCard
      title="Delete my account"
      description="Erase your account, memories and keepsake for good."
      action={
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          Delete my account
        </Button>
      }
    >
      <DeleteAccountDialog opened={opened} onClose={() => setOpened(false)} />
    </ProfileActionCard>
  );
}
