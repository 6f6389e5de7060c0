import { Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { adminSections } from '#contract/admin.ts';
import { NotFoundPage } from '#web/shared/NotFoundPage.tsx';
import { useSession } from '#web/shared/session.ts';
import { useAdminMe } from './api/get-admin-me.ts';
import { GivingSection } from './components/GivingSection.tsx';
import { InboxSection } from './components/InboxSection.tsx';
import { PostEditor } from './components/PostEditor.tsx';
import { PostsSection } from './components/PostsSection.tsx';
import { RequestsSection } from './components/RequestsSection.tsx';
import { SubscribersSection } from './components/SubscribersSection.tsx';
import { SurveySection } from './components/SurveySection.tsx';

function Console({ email }: { email: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split('/')[2] ?? 'posts';
  useEffect(() => {
    document.title = 'Admin · Pilgrim Soul';
  }, []);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline">
          <Title order={1}>Admin console</Title>
          <Text c="gray.7" size="sm">
            Signed in as {email}
          </Text>
        </Group>
        <Tabs value={current} onChange={(value) => value && navigate(`/admin/${value}`)}>
          <Tabs.List aria-label="Admin sections">
            {adminSections.map((section) => (
              <Tabs.Tab key={section.path} value={section.path}>
                {section.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Routes>
          <Route index element={<Navigate to="posts" replace />} />
          <Route path="posts" element={<PostsSection />} />
          <Route path="posts/new" element={<PostEditor key="new" />} />
          <Route path="posts/:id" element={<PostEditor />} />
          <Route path="inbox" element={<InboxSection />} />
          <Route path="requests" element={<RequestsSection />} />
          <Route path="subscribers" element={<SubscribersSection />} />
          <Route path="giving" element={<GivingSection />} />
          <Route path="survey" element={<SurveySection />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Stack>
    </Container>
  );
}

export default function AdminPage() {
  const session = useSession();
  const me = useAdminMe();
  if (!session.signedIn || me.isError) return <NotFoundPage />;
  if (me.isPending) return <Loader aria-label="Loading" m="xl" />;
  return <Console email={me.data.email} />;
}
