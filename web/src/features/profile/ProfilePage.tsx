import { Alert, Container, Group, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { profileMessages } from '#contract/profile.ts';
import { ApiError } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { useProfile } from './api/get-profile.ts';
import { ProfileView } from './components/ProfileView.tsx';

export default function ProfilePage() {
  const navigate = useNavigate();
  const { data, error, isPending } = useProfile();
  const unauthorized = error instanceof ApiError && error.status === 401;

  useEffect(() => {
    if (!error) return;
    toast('error', profileMessages.loadFailed);
    if (unauthorized) navigate('/login', { replace: true });
  }, [error, unauthorized, navigate]);

  return (
    <Container size="md" py="xl">
      {isPending && (
        <Group justify="center" py="xl" role="status">
          <Loader aria-label="Loading profile" />
        </Group>
      )}
      {error && !unauthorized && (
        <Alert color="red" role="alert" title={profileMessages.loadFailed}>
          {profileMessages.tryAgain}
        </Alert>
      )}
      {data && <ProfileView profile={data} />}
    </Container>
  );
}
