import { Autocomplete } from '@mantine/core';
import { countries } from '#contract/countries.ts';

const names = countries.map((country) => country.name);

/**
 * The profile's nationality in the pilgrim's own words (the spec's free text), with the country list
 * as suggestions; the server stores a country it recognises as its code and keeps anything else as written.
 */
export function NationalityInput(props: { value: string; onChange: (value: string) => void }) {
  return (
    <Autocomplete
      label="Nationality"
      placeholder="Your country, or say it your way"
      data={names}
      limit={8}
      maxLength={100}
      clearable
      value={props.value}
      onChange={props.onChange}
    />
  );
}
