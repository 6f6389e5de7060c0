import {
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  findRoute,
  type Journey,
  journeyMessages,
  MAX_DISTANCE_KM,
  MAX_PLACE_LENGTH,
  MAX_ROUTE_LENGTH,
  MAX_WALKED_WITH_LENGTH,
  typicalDistanceKm,
} from '#contract/journey.ts';
import { todayIso } from '#web/shared/dates.ts';
import { useFormSubmission } from '#web/shared/forms/use-form-submission.ts';
import { useSaveJourney } from '../api/save-journey.ts';
import {
  bodyOf,
  formValuesOf,
  type JourneyFormValues,
  OTHER_ROUTE,
  routeChoices,
  validateJourneyForm,
} from '../journey-form.ts';

export const journeyDialogTitle = 'Edit your Camino';

function JourneyForm({
  journey,
  onDone,
  onSaved,
}: {
  journey: Journey;
  onDone: () => void;
  onSaved?: () => unknown;
}) {
  const today = todayIso();
  const form = useForm<JourneyFormValues>({
    initialValues: formValuesOf(journey),
    validate: (values) => validateJourneyForm(values, today),
  });
  // A distance the pilgrim wrote is theirs; only an untouched one follows the route and start.
  const [distanceWritten, setDistanceWritten] = useState(journey.distance_km !== null);
  const save = useSaveJourney(onSaved);
  const submit = useFormSubmission(save, {
    form,
    failed: journeyMessages.saveFailed,
    tryAgain: journeyMessages.tryAgain,
    succeeded: { title: journeyMessages.saved },
    onSuccess: onDone,
  });

  const suggestDistance = (route: string, startPlace: string) => {
    const km = typicalDistanceKm(route, startPlace);
    if (km !== undefined && !distanceWritten) form.setFieldValue('distance_km', km);
  };

  const chooseRoute = (route: string | null) => {
    const previous = findRoute(form.values.route);
    form.setFieldValue('route', route ?? '');
    const listed = route ? findRoute(route) : undefined;
    if (listed && (!form.values.finish_place || form.values.finish_place === previous?.finish))
      form.setFieldValue('finish_place', listed.finish);
    suggestDistance(route ?? '', form.values.start_place);
  };

  const chooseStart = (place: string) => {
    form.setFieldValue('start_place', place);
    suggestDistance(form.values.route, place);
  };

  const starts = findRoute(form.values.route)?.starts.map((start) => start.place) ?? [];

  return (
    <form onSubmit={form.onSubmit((values) => submit(bodyOf(values)))} noValidate>
      <Stack>
        <Select
          label="Route"
          placeholder="Choose your route"
          data={routeChoices}
          clearable
          data-autofocus
          {...form.getInputProps('route')}
          onChange={chooseRoute}
        />
        {form.values.route === OTHER_ROUTE && (
          <TextInput
            label="Route’s name"
            maxLength={MAX_ROUTE_LENGTH}
            {...form.getInputProps('route_other')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Autocomplete
            label="Where you started"
            data={starts}
            maxLength={MAX_PLACE_LENGTH}
            {...form.getInputProps('start_place')}
            onChange={chooseStart}
          />
          <TextInput
            label="Where you finished"
            maxLength={MAX_PLACE_LENGTH}
            {...form.getInputProps('finish_place')}
          />
          <TextInput type="date" label="Start date" max={today} {...form.getInputProps('start_date')} />
          <TextInput type="date" label="Arrival date" max={today} {...form.getInputProps('arrival_date')} />
        </SimpleGrid>
        <NumberInput
          label="Distance (km)"
          description="A typical figure for your route and start; change it to what you walked."
          min={1}
          max={MAX_DISTANCE_KM}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('distance_km')}
          onChange={(value) => {
            setDistanceWritten(value !== '');
            form.setFieldValue('distance_km', value);
          }}
        />
        <Checkbox
          label="I received the Compostela"
          {...form.getInputProps('compostela', { type: 'checkbox' })}
        />
        {form.values.compostela && (
          <TextInput
            type="date"
            label="Date of your Compostela"
            max={today}
            {...form.getInputProps('compostela_date')}
          />
        )}
        <Textarea
          label="Who you walked with"
          autosize
          minRows={2}
          maxLength={MAX_WALKED_WITH_LENGTH}
          {...form.getInputProps('walked_with')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save your Camino
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function JourneyDialog({
  journey,
  opened,
  onClose,
  onSaved,
}: {
  journey: Journey;
  opened: boolean;
  onClose: () => void;
  onSaved?: () => unknown;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={journeyDialogTitle} centered size="lg">
      {opened && <JourneyForm journey={journey} onDone={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
