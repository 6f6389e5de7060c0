import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SafetyApproach } from '../vela/index.ts';
import { conductSections, consequences } from './code-of-conduct.ts';

export default function TermsPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>Community Code of Conduct</Title>
          <Text size="lg">
            On the road, strangers share bread, water and blisters. We hope Pilgrim Soul feels the same: a
            place where people of every background can be honest, be heard and be kind. This code applies
            everywhere in the community, online and at our gatherings.
          </Text>
        </Stack>

        {conductSections.map((section) => (
          <section key={section.title}>
            <Title order={2} mb="sm">
              {section.title}
            </Title>
            <List spacing="xs">
              {section.points.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          </section>
        ))}

        <SafetyApproach />

        <section>
          <Title order={2} mb="sm">
            Raising a concern
          </Title>
          <Text>
            If you see something that breaks this code, or something that worries you, please tell us through
            the{' '}
            <Anchor component={Link} to="/contact" underline="always">
              contact page
            </Anchor>
            . Reports are read by a person, treated in confidence and answered within 48 hours.
          </Text>
        </section>

        <section>
          <Title order={2} mb="sm">
            What happens next
          </Title>
          <Text mb="xs">Depending on what happened, the team may respond with:</Text>
          <List spacing="xs">
            {consequences.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Text mt="md" c="dimmed" size="sm">
            We may update this code as the community grows. Taking part in Pilgrim Soul means agreeing to walk
            by it.
          </Text>
        </section>
      </Stack>
    </Container>
  );
}
