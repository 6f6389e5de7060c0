import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';

export function SubscribeForm() {
  return (
    <Stack gap="xs" component="form" onSubmit={(event) => event.preventDefault()}>
      <Group align="flex-end" gap="xs">
        <TextInput label="Email" placeholder="you@example.com" style={{ flex: 1 }} />
        <Button type="submit">Subscribe</Button>
      </Group>
      <Checkbox label="Yes, send me occasional letters from the community" />
    </Stack>
  );
}
