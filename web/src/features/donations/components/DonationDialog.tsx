import { Alert, Button, Divider, Modal, Stack, Text } from '@mantine/core';
import {
  type DonationFrequency,
  formatPounds,
  frequencyLabels,
  poundsToPence,
} from '#contract/donation-terms.ts';
import { CardPayment } from '#web/features/payments/index.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { chosenAmount, type GiftChoice, GiftChooser } from './GiftChooser.tsx';

const describeGift = (pence: number, frequency: DonationFrequency) =>
  frequency === 'one-time'
    ? `${formatPounds(pence)} once`
    : `${formatPounds(pence)} ${frequencyLabels[frequency].toLowerCase()}`;

function DialogBody({
  choice,
  onChoice,
  email,
  onPaid,
}: {
  choice: GiftChoice;
  onChoice(next: GiftChoice): void;
  email: string;
  onPaid(): void;
}) {
  const amount = poundsToPence(chosenAmount(choice));
  const valid = 'pence' in amount;
  const intent = usePaymentIntent(
    valid ? { amount: amount.pence / 100, frequency: choice.frequency, email } : null,
  );
  return (
    <Stack gap="md">
      <GiftChooser value={choice} onChange={onChoice} idPrefix="dialog" />
      {valid ? (
        <Text fw={600} aria-live="polite">
          Your gift: {describeGift(amount.pence, choice.frequency)}
        </Text>
      ) : (
        <Text c="red.8" role="alert">
          {amount.error}
        </Text>
      )}
      <Divider />
      {intent.error ? (
        <Alert color="red" title={intent.error} role="alert">
          <Button variant="light" color="red" size="xs" mt="xs" onClick={intent.retry}>
            Try again
          </Button>
        </Alert>
      ) : (
        <CardPayment
          clientSecret={valid ? intent.clientSecret : null}
          billing={{ email }}
          payLabel="Pay Now"
          onPaid={onPaid}
        />
      )}
    </Stack>
  );
}

/** The payment dialog Contribute opens. */
export function DonationDialog(props: {
  opened: boolean;
  onClose(): void;
  choice: GiftChoice;
  onChoice(next: GiftChoice): void;
  email: string;
  onPaid(): void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Complete your gift" size="lg" centered>
      {props.opened && (
        <DialogBody
          choice={props.choice}
          onChoice={props.onChoice}
          email={props.email}
          onPaid={props.onPaid}
        />
      )}
    </Modal>
  );
}
