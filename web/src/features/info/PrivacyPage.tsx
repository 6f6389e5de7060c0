import { Anchor, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useChatConfig } from '../vela/index.ts';
import { processors, storedData } from './privacy.ts';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

export default function PrivacyPage() {
  const config = useChatConfig();
  const mode = config.data?.mode;
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>Privacy</Title>
          <Text size="lg">
            Pilgrim Soul keeps only what it needs to give you your Soul Story, Vela and the community. Here is
            everything it stores, why, for how long, and who handles it besides us.
          </Text>
        </Stack>

        <section aria-labelledby="privacy-stored">
          <Title order={2} mb="md" id="privacy-stored">
            What we store
          </Title>
          <Stack gap="md">
            {storedData.map((item) => (
              <Card key={item.what} withBorder radius="md" p="lg" component="article">
                <Title order={3} size="h4" mb="xs">
                  {item.what}
                </Title>
                <Stack gap={6}>
                  <Text size="sm">{item.details}</Text>
                  <Fact label="Why">{item.why}</Fact>
                  <Fact label="For how long">{item.howLong}</Fact>
                  <Fact label="Who handles it">{item.processors}</Fact>
                </Stack>
              </Card>
            ))}
          </Stack>
        </section>

        <section aria-labelledby="privacy-processors">
          <Title order={2} mb="sm" id="privacy-processors">
            Who processes it for us
          </Title>
          <List spacing="xs">
            <List.Item>
              {mode === undefined || mode === 'offline'
                ? processors.model.offline
                : processors.model.connected(mode)}
            </List.Item>
            <List.Item>{processors.payments}</List.Item>
            <List.Item>{processors.mail}</List.Item>
          </List>
        </section>

        <section aria-labelledby="privacy-choices">
          <Title order={2} mb="sm" id="privacy-choices">
            Your choices
          </Title>
          <List spacing="xs">
            <List.Item>
              Download everything your account holds as one zip (“Download my data”), withdraw consent to
              keeping your worldview, or delete your whole account, on your{' '}
              <Anchor component={Link} to="/profile" underline="always">
                profile
              </Anchor>
              .
            </List.Item>
            <List.Item>
              Download your conversation with Vela with “Download chat history”, or erase it with “Start a new
              conversation”, in the chat.
            </List.Item>
            <List.Item>Leave the newsletter from the link in any letter.</List.Item>
            <List.Item>
              To correct or erase anything else, write to us through the{' '}
              <Anchor component={Link} to="/contact" underline="always">
                contact form
              </Anchor>
              ; we reply within 48 hours.
            </List.Item>
          </List>
        </section>
      </Stack>
    </Container>
  );
}
