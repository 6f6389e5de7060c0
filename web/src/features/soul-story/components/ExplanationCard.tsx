import { Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const steps = [
  { title: 'Receive prompts', text: 'Four guided questions walk you back through your pilgrimage.' },
  { title: 'Record', text: 'Answer each prompt in a short video, and add up to three photos.' },
  { title: 'Arrange', text: 'Drag your memories, or use Move Up and Move Down, into the order you want.' },
  { title: 'Get your keepsake', text: 'We join them into one video to download and share.' },
];

export function ExplanationCard() {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="what-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="what-heading">
          What is Soul Stories?
        </Title>
        <Text>
          Soul Stories is a keepsake of your pilgrimage: your own reflections, in your own voice, gathered
          into one video you can keep and share with the people who walked beside you.
        </Text>
        <Title order={3} size="h4">
          How It Works
        </Title>
        <List
          type="ordered"
          spacing="sm"
          icon={null}
          listStyleType="none"
          styles={{ itemWrapper: { alignItems: 'flex-start' } }}
        >
          {steps.map((step, index) => (
            <List.Item
              key={step.title}
              icon={
                <ThemeIcon size={26} radius="xl" aria-hidden>
                  {index + 1}
                </ThemeIcon>
              }
            >
              <Text fw={600} span>
                {step.title}:
              </Text>{' '}
              {step.text}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
