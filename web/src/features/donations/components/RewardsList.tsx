import { List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { supporterRewards } from '#contract/donations.ts';

const ascending = [...supporterRewards].reverse();

/** Spec §9: what a monthly supporter receives; a yearly gift counts as a twelfth of itself each month. */
export function RewardsList({ current }: { current: string | null }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rewards-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="rewards-title">
          Supporter rewards
        </Title>
        <Text size="sm" c="gray.7">
          Give monthly and receive a thank-you gift. A yearly gift counts as a twelfth of its amount each
          month.
        </Text>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={24} radius="xl" variant="light">
              <IconGift size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {ascending.map((tier) => (
            <List.Item key={tier.reward}>
              <Text span fw={tier.reward === current ? 700 : 400}>
                £{tier.monthlyPounds} a month: {tier.reward}
                {tier.reward === current ? ' (your reward)' : ''}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
