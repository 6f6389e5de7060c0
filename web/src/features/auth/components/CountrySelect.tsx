import { Select, type SelectProps } from '@mantine/core';
import { countries } from '#contract/countries.ts';

const options = countries.map((country) => ({ value: country.code, label: country.name }));

/** The searchable country list of the registration form; its value is the ISO code. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="No country matches"
      limit={300}
      {...props}
      data={options}
    />
  );
}
