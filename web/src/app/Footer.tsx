import {
  ActionIcon,
  Anchor,
  BackgroundImage,
  Box,
  Button,
  Container,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconMail } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { footerLinks, socialLinks } from './navigation.ts';

// The subscribe form brings its validation schemas; it loads as the visitor nears it, so a phone
// reading the first screen never downloads them.
const SubscribeForm = lazy(
  loadChunk(async () => ({
    default: (await import('../features/newsletter/SubscribeForm.tsx')).SubscribeForm,
  })),
);

const SUBSCRIBE_FORM_HEIGHT = 120;

function WhenNearViewport({ children }: { children: ReactNode }) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: '400px 0px' });
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry?.isIntersecting]);
  const placeholder = <Box ref={ref} mih={SUBSCRIBE_FORM_HEIGHT} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

const socialIcons = {
  Email: IconMail,
  Instagram: IconBrandInstagram,
  Facebook: IconBrandFacebook,
  Twitter: IconBrandX,
};

function SocialIcons() {
  return (
    <Group gap="xs">
      {socialLinks.map((link) => {
        const Icon = socialIcons[link.label];
        return (
          <ActionIcon
            key={link.label}
            component="a"
            href={link.href}
            variant="subtle"
            size="lg"
            aria-label={link.label}
          >
            <Icon size={20} />
          </ActionIcon>
        );
      })}
    </Group>
  );
}

function FooterLinks() {
  return (
    <Group gap="md" component="nav" aria-label="Footer">
      {footerLinks.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}

export function Footer({ variant }: { variant: 'home' | 'compact' }) {
  return (
    <Box component="footer" mt="xl">
      {variant === 'home' && (
        <>
          <BackgroundImage src="/static/images/footer-banner.svg" h={400}>
            <Stack
              h={400}
              align="center"
              justify="center"
              gap="md"
              px="md"
              ta="center"
              bg="rgba(20, 32, 26, 0.55)"
            >
              <Title order={2} c="white">
                Still have questions?
              </Title>
              <Text c="white" maw={520}>
                Whether you are planning, walking or home again, we would love to hear from you.
              </Text>
              <Button component={Link} to="/inquire" size="md" variant="white" c="sage.9">
                Inquire Here
              </Button>
            </Stack>
          </BackgroundImage>
          <Container size="lg" py="xl">
            <Group justify="space-between" align="flex-start" gap="xl">
              <Stack gap="xs" maw={460} style={{ flex: 1 }}>
                <Title order={3}>Letters for the road home</Title>
                <Text size="sm" c="dimmed">
                  Occasional reflections, new Soul Story prompts and community news. No noise.
                </Text>
                <WhenNearViewport>
                  <SubscribeForm />
                </WhenNearViewport>
              </Stack>
              <SocialIcons />
            </Group>
          </Container>
        </>
      )}
      <Box
        bg="var(--mantine-color-gray-0)"
        py="md"
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Pilgrim Soul
            </Text>
            <FooterLinks />
            {variant === 'compact' && <SocialIcons />}
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
