import { Button, Container, Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import {
  type DonationFrequency,
  defaultAmount,
  defaultFrequency,
  donationMessages,
  formatPounds,
  frequencyLabels,
  poundsToPence,
  rewardFor,
} from '#contract/donation-terms.ts';
import { readEmail } from '#contract/email.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';
import { FailureAlert } from '#web/shared/forms/FailureAlert.tsx';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { useSession } from '#web/shared/session.ts';
import { toast } from '#web/shared/toast.ts';
import { useLazyDialog } from '#web/shared/use-lazy-dialog.ts';
import { useStripeReadyDocument } from '../payments/index.ts';
import { chosenAmount, type GiftChoice, GiftChooser } from './components/GiftChooser.tsx';
import { RewardsList } from './components/RewardsList.tsx';

// The payment dialog (a modal, its focus trap, the amount input) loads when a gift is first made, so that
// the page's first screen does not wait for it.
const DonationDialog = lazy(
  loadChunk(async () => ({ default: (await import('./components/DonationDialog.tsx')).DonationDialog })),
);

interface ThankYou {
  pence: number;
  frequency: DonationFrequency;
  email: string;
}

function ThankYouNote({ gift, onAgain }: { gift: ThankYou; onAgain(): void }) {
  const reward = rewardFor(gift.frequency, gift.pence);
  return (
    <Paper withBorder p="xl" radius="md" role="status">
      <Stack gap="sm" align="flex-start">
        <IconHeartHandshake size={40} aria-hidden color="var(--mantine-color-sage-8)" />
        <Title order={2}>{donationMessages.thankYouTitle}</Title>
        <Text>{donationMessages.thankYou}</Text>
        <Text>
          Your {gift.frequency === 'one-time' ? 'one-time' : frequencyLabels[gift.frequency].toLowerCase()}{' '}
          gift of {formatPounds(gift.pence)} is on its way. A receipt will reach {gift.email}
          {gift.frequency === 'one-time' ? '.' : ', with a link to see or cancel your gift at any time.'}
        </Text>
        {reward && <Text fw={600}>Your supporter reward: {reward}</Text>}
        <Button variant="light" onClick={onAgain}>
          Make another gift
        </Button>
      </Stack>
    </Paper>
  );
}

export default function DonatePage() {
  useStripeReadyDocument();
  const session = useSession();
  const [choice, setChoice] = useState<GiftChoice>({
    frequency: defaultFrequency,
    preset: defaultAmount,
    other: '',
  });
  const [email, setEmail] = useState(session.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const dialog = useLazyDialog();
  const [thankYou, setThankYou] = useState<ThankYou | null>(null);
  const amount = poundsToPence(chosenAmount(choice));

  const contribute = () => {
    const parsedEmail = readEmail(email);
    setEmailError('error' in parsedEmail ? parsedEmail.error : null);
    setAmountError('error' in amount ? amount.error : null);
    if ('email' in parsedEmail && 'pence' in amount) {
      setEmail(parsedEmail.email);
      dialog.open();
    }
  };

  const paid = () => {
    if (!('pence' in amount)) return;
    dialog.close();
    setThankYou({ pence: amount.pence, frequency: choice.frequency, email });
    toast('success', donationMessages.thankYouTitle, donationMessages.thankYou);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" maw={720}>
          <Title order={1}>Support Pilgrim Soul</Title>
          <Text size="lg" c="gray.7">
            Pilgrim Soul is free for every pilgrim and runs on gifts. Whatever you give keeps the doors open
            for the next person coming home from the road.
          </Text>
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            {thankYou ? (
              <ThankYouNote gift={thankYou} onAgain={() => setThankYou(null)} />
            ) : (
              <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="gift-title">
                <Stack gap="md">
                  <Title order={2} size="h3" id="gift-title">
                    Make a gift
                  </Title>
                  <GiftChooser value={choice} onChange={setChoice} idPrefix="page" />
                  <FailureAlert message={amountError} />
                  <TextInput
                    label="Email for your receipt"
                    type="email"
                    autoComplete="email"
                    required
                    {...bindText(email, setEmail)}
                    error={emailError}
                  />
                  <Button size="md" onClick={contribute} style={{ alignSelf: 'flex-start' }}>
                    Contribute
                  </Button>
                </Stack>
              </Paper>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <RewardsList current={'pence' in amount ? rewardFor(choice.frequency, amount.pence) : null} />
          </Grid.Col>
        </Grid>
      </Stack>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <DonationDialog
            opened={dialog.opened}
            onClose={dialog.close}
            choice={choice}
            onChoice={setChoice}
            email={email}
            onPaid={paid}
          />
        </Suspense>
      )}
    </Container>
  );
}
