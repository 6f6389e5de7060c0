import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Journey, journeyMessages } from '#contract/journey.ts';
import { Detail } from '#web/shared/Detail.tsx';
import { formatCalendarDate } from '#web/shared/dates.ts';
import { useJourney } from '../api/get-journey.ts';
import { JourneyDialog } from './JourneyDialog.tsx';

const isEmpty = (journey: Journey) => Object.values(journey).every((value) => value === null);

const datesOf = ({ start_date: start, arrival_date: arrival }: Journey) =>
  [start, arrival].map((date) => (date ? formatCalendarDate(date) : '…')).join(' – ');

function JourneyDetails({ journey }: { journey: Journey }) {
  const from = journey.start_place ?? '…';
  const to = journey.finish_place ?? '…';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {journey.route && <Detail label="Route">{journey.route}</Detail>}
      {(journey.start_place || journey.finish_place) && <Detail label="Way">{`${from} → ${to}`}</Detail>}
      {(journey.start_date || journey.arrival_date) && <Detail label="Dates">{datesOf(journey)}</Detail>}
      {journey.distance_km !== null && <Detail label="Distance">{`${journey.distance_km} km`}</Detail>}
      {journey.compostela !== null && (
        <Detail label="Compostela">
          {journey.compostela
            ? journey.compostela_date
              ? `Received on ${formatCalendarDate(journey.compostela_date)}`
              : 'Received'
            : 'Not received'}
        </Detail>
      )}
      {journey.walked_with && <Detail label="Walked with">{journey.walked_with}</Detail>}
    </SimpleGrid>
  );
}

/** The pilgrim's Camino record on the profile: what it holds, and a dialog to write it. */
export function JourneyCard({ onSaved }: { onSaved?: () => unknown }) {
  const journey = useJourney();
  const [editing, edit] = useDisclosure(false);
  const empty = journey.data ? isEmpty(journey.data) : true;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="camino-record-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id="camino-record-title">
              {journeyMessages.title}
            </Title>
            <Text size="sm" c="gray.7">
              {empty
                ? 'Keep the story of your way: the route, where you started and finished, the dates and the distance.'
                : 'The record of your way; your Soul Story keepsake opens with it.'}
            </Text>
          </Stack>
          {journey.data && (
            <Button variant={empty ? 'filled' : 'light'} onClick={edit.open}>
              {empty ? 'Add your Camino' : 'Edit your Camino'}
            </Button>
          )}
        </Group>
        {journey.error && (
          <Alert color="red" role="alert" title={journeyMessages.loadFailed}>
            {journeyMessages.tryAgain}
          </Alert>
        )}
        {journey.data && !empty && <JourneyDetails journey={journey.data} />}
      </Stack>
      {journey.data && (
        <JourneyDialog journey={journey.data} opened={editing} onClose={edit.close} onSaved={onSaved} />
      )}
    </Card>
  );
}
