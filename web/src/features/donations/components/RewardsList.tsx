import { List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { supporterRewards } from '#contract/donation-terms.ts';
import { SectionHeading } from '#web/shared/SectionHeading.tsx';

const ascending = [...supporterRewards].reverse();

/** Spec §9: what a monthly supporter receives; a yearly gift counts as a twelfth of itself each month. */
export function RewardsList({ current }: { current: string | null }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rewards-title">
      <Stack gap="sm">
        <SectionHeading id="rewards-title" title="Supporter rewards">
          Give monthly and receive a thank-you gift. A yearly gift counts as a twelfth of its amount each
          month.
        </SectionHeading>
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
