import { Avatar, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { profileMessages } from '#contract/profile.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useReloadProfile } from '../api/reload.ts';
import { uploadAvatar } from '../api/upload-avatar.ts';

/** Previews the chosen image, then uploads it with progress; closing or finishing clears the file. */
export function AvatarDialog({ file, onClose }: { file: File | null; onClose: () => void }) {
  const reload = useReloadProfile();
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const close = () => {
    setProgress(null);
    onClose();
  };

  const save = async () => {
    if (!file) return;
    setProgress(0);
    try {
      await uploadAvatar(file, setProgress);
      await reload();
      toast('success', profileMessages.avatarUpdated);
      close();
    } catch (error) {
      toast('error', profileMessages.uploadFailed, errorMessage(error, profileMessages.tryAgain));
      setProgress(null);
    }
  };

  return (
    <Modal opened={Boolean(file)} onClose={close} title="New Avatar" centered>
      <Stack align="center">
        {preview && <Avatar src={preview} alt="Preview of your new avatar" size={160} radius={160} />}
        <Text size="sm" c="gray.7" ta="center">
          Your picture is cropped to a square and cleaned of hidden details such as location.
        </Text>
        {progress !== null && <Progress value={progress} w="100%" aria-label="Upload progress" />}
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={close} disabled={progress !== null}>
            Cancel
          </Button>
          <Button onClick={save} loading={progress !== null}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
