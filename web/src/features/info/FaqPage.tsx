import { Accordion, Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { faq } from './faq.ts';

export default function FaqPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Frequently asked questions</Title>
      <Text c="dimmed" mt="sm" mb="xl">
        Cannot find what you are looking for?{' '}
        <Anchor component={Link} to="/inquire" underline="always">
          Ask us directly
        </Anchor>
        .
      </Text>
      <Accordion variant="separated" radius="md" order={2}>
        {faq.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.Control>
              <Text fw={600}>{item.question}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text>{item.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
