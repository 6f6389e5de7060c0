import { Avatar, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_AVATAR_BYTES, type Profile, profileMessages } from '#contract/profile.ts';
import { useLogout } from '#web/features/auth/index.ts';
import { JourneyCard } from '#web/features/journey/index.ts';
import { JourneySettingsCard, WorldviewCard } from '#web/features/vela/index.ts';
import { Detail } from '#web/shared/Detail.tsx';
import { toast } from '#web/shared/toast.ts';
import { profileKeys } from '../api/keys.ts';
import { AvatarDialog } from './AvatarDialog.tsx';
import { DataExportSection } from './DataExportSection.tsx';
import { DeleteAccountSection } from './DeleteAccountDialog.tsx';
import { EditProfileDialog } from './EditProfileDialog.tsx';
import { ProfileActionCard } from './ProfileActionCard.tsx';

const ONLY_IMAGES = 'Only image files are allowed';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" p="md" ta="center" role="group" aria-label={label}>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
    </Card>
  );
}

/** The signed-in pilgrim's own page: who they are, their counts, and every setting of the account. */
export function ProfileView({ profile }: { profile: Profile }) {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const [editOpen, edit] = useDisclosure(false);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const name = profile.user.first_name || profile.user.username;

  const chooseAvatar = (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast('warning', ONLY_IMAGES);
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      toast('warning', profileMessages.avatarTooLarge);
      return;
    }
    setAvatarFile(file);
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p="xl">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack align="center" gap="xs">
            <Avatar
              src={profile.avatar_url}
              name={name}
              alt={`${name}’s avatar`}
              color="sage"
              variant="filled"
              size={120}
              radius={120}
            />
            <FileButton onChange={chooseAvatar} accept="image/*">
              {(props) => (
                <Button variant="light" size="xs" {...props}>
                  Change Avatar
                </Button>
              )}
            </FileButton>
          </Stack>
          <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
            <Title order={1}>{name}</Title>
            <Detail label="Username">@{profile.user.username}</Detail>
            <Detail label="Email">{profile.user.email}</Detail>
            <Detail label="Nationality">{profile.nationality ?? 'Not set'}</Detail>
            <Detail label="Bio">{profile.bio || 'Tell fellow pilgrims a little about your journey.'}</Detail>
            <Group mt="sm">
              <Button onClick={edit.open}>Edit Profile</Button>
              <Button variant="default" onClick={logout}>
                Logout
              </Button>
            </Group>
          </Stack>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stat label="Soul Stories" value={profile.soul_stories_count} />
        <Stat label="Unread Notifications" value={profile.unread_notifications_count} />
      </SimpleGrid>
      {/* The record's dates become the profile's start date and duration. */}
      <JourneyCard onSaved={() => queryClient.invalidateQueries({ queryKey: profileKeys.profile() })} />
      <JourneySettingsCard />
      <WorldviewCard />
      <ProfileActionCard
        title="Your Soul Story"
        description="Record your reflections and build the keepsake of your pilgrimage."
        action={
          <Button component={Link} to="/soul-story">
            Go to Soul Story
          </Button>
        }
      />
      <DataExportSection />
      <DeleteAccountSection />
      <EditProfileDialog profile={profile} opened={editOpen} onClose={edit.close} />
      <AvatarDialog file={avatarFile} onClose={() => setAvatarFile(null)} />
    </Stack>
  );
}
