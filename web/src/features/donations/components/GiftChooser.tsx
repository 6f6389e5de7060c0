import { Chip, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  type DonationFrequency,
  donationFrequencies,
  frequencyLabels,
  presetAmounts,
} from '#contract/donation-terms.ts';
import { typedPounds } from '../typed-amount.ts';

export interface GiftChoice {
  frequency: DonationFrequency;
  /** A preset amount in pounds, or null when the donor typed their own. */
  preset: number | null;
  other: string;
}

/** The preset, or what the donor typed, read as pounds. */
export const chosenAmount = (choice: GiftChoice): unknown => choice.preset ?? typedPounds(choice.other);

/** Frequency and amount: the presets of the spec, or an amount of the donor's own. */
export function GiftChooser({
  value,
  onChange,
  idPrefix,
}: {
  value: GiftChoice;
  onChange(next: GiftChoice): void;
  idPrefix: string;
}) {
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text fw={500} id={`${idPrefix}-frequency`}>
          How often
        </Text>
        <SegmentedControl
          aria-labelledby={`${idPrefix}-frequency`}
          fullWidth
          value={value.frequency}
          onChange={(frequency) => onChange({ ...value, frequency: frequency as DonationFrequency })}
          data={donationFrequencies.map((frequency) => ({
            value: frequency,
            label: frequencyLabels[frequency],
          }))}
        />
      </Stack>
      <Stack gap={6}>
        <Text fw={500} id={`${idPrefix}-amount`}>
          Amount
        </Text>
        <Chip.Group
          multiple={false}
          value={value.preset === null ? '' : String(value.preset)}
          onChange={(preset) => onChange({ ...value, preset: Number(preset), other: '' })}
        >
          <Group gap="xs" role="radiogroup" aria-labelledby={`${idPrefix}-amount`}>
            {presetAmounts.map((amount) => (
              <Chip key={amount} value={String(amount)} type="radio" size="md">
                £{amount}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {/* A text field with the phone's decimal keypad: the amount is checked on submit, in the spec's words. */}
        <TextInput
          label="Or another amount (£)"
          leftSection="£"
          inputMode="decimal"
          autoComplete="transaction-amount"
          value={value.other}
          onChange={(event) => {
            const other = event.currentTarget.value;
            onChange({ ...value, other, preset: other === '' ? value.preset : null });
          }}
        />
      </Stack>
    </Stack>
  );
}
