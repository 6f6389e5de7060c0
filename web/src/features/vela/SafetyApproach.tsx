import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { useHelplines } from './api/get-helplines.ts';

/** The /terms section that says how Vela keeps conversations safe, with the helplines it offers. */
export function SafetyApproach() {
  const { data } = useHelplines();
  return (
    <Stack component="section" aria-labelledby="vela-safety-title" gap="sm">
      <Title order={2} id="vela-safety-title">
        How Vela keeps conversations safe
      </Title>
      <Text>
        Vela is an AI companion, not a therapist or doctor. Before any message reaches a language model, it is
        checked for three kinds of words: a cry for help (self-harm or suicide, in English, Spanish,
        Portuguese, Italian, German and French), domestic abuse, and hate or violence.
      </Text>
      <List spacing="xs">
        <List.Item>
          Abuse and hate are checked in your browser and again on our server, so the check cannot be skipped.
          A cry for help is checked on our server, so Vela can answer it in your language.
        </List.Item>
        <List.Item>
          When a message matches, nothing is sent to a model and the message is never used in later prompts.
          To a cry for help Vela answers with care, in the language you wrote in: that you matter, that you
          are not alone, and who you can call now; you can keep writing afterwards. To abuse or hate it
          answers with a fixed message.
        </List.Item>
        <List.Item>
          For self-harm and abuse, Vela shows a helpline for the country of your nationality, which you can
          change in the reply. We list only numbers we can confirm from each service's public website; where
          we are not sure, we point to an international directory instead.
        </List.Item>
        <List.Item>
          If you are in danger now, call your local emergency number. Anywhere in the world,{' '}
          <Anchor href="https://findahelpline.com" target="_blank" rel="noreferrer">
            Find A Helpline
          </Anchor>{' '}
          lists free, confidential support.
        </List.Item>
      </List>
      {data && (
        <Table.ScrollContainer
          type="native"
          minWidth={520}
          tabIndex={0}
          aria-label="Helplines by country (scrolls sideways)"
        >
          <Table striped withTableBorder>
            <Table.Caption>Helplines Vela offers, by country</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Country</Table.Th>
                <Table.Th>Crisis line</Table.Th>
                <Table.Th>Abuse line</Table.Th>
                <Table.Th>Emergency</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.helplines.map((line) => (
                <Table.Tr key={line.country}>
                  <Table.Td>{line.country_name}</Table.Td>
                  <Table.Td>{line.crisis ? `${line.crisis.name}: ${line.crisis.phone}` : '—'}</Table.Td>
                  <Table.Td>
                    {line.abuse ? `${line.abuse.name}: ${line.abuse.phone}` : 'See Find A Helpline'}
                  </Table.Td>
                  <Table.Td>{line.emergency}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
