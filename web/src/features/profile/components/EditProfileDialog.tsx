import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_NAME_LENGTH } from '#contract/auth-terms.ts';
import { MAX_BIO_LENGTH, type Profile, profileMessages } from '#contract/profile.ts';
import { updateUser } from '#web/features/auth/index.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useReloadProfile } from '../api/reload.ts';
import { updateProfile } from '../api/update-profile.ts';
import { NationalityInput } from './NationalityInput.tsx';

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const reload = useReloadProfile();
  const [name, setName] = useState(profile.user.first_name);
  const [nationality, setNationality] = useState(profile.nationality ?? '');
  const [bio, setBio] = useState(profile.bio);
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await updateUser(name);
      await updateProfile({ nationality: nationality.trim() || null, bio });
      await reload();
      toast('success', profileMessages.updated);
      onDone();
    } catch (error) {
      toast('error', profileMessages.updateFailed, errorMessage(error, profileMessages.tryAgain));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save}>
      <Stack>
        <TextInput
          label="Name"
          autoComplete="name"
          {...bindText(name, setName)}
          maxLength={MAX_NAME_LENGTH}
          data-autofocus
        />
        <NationalityInput value={nationality} onChange={setNationality} />
        <Textarea
          label="Bio"
          rows={5}
          {...bindText(bio, setBio)}
          maxLength={MAX_BIO_LENGTH}
          description={`${bio.length}/${MAX_BIO_LENGTH}`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EditProfileDialog({
  profile,
  opened,
  onClose,
}: {
  profile: Profile;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Profile" centered>
      {opened && <EditProfileForm profile={profile} onDone={onClose} />}
    </Modal>
  );
}
