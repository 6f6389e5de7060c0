import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SurveyAggregates } from '#contract/survey.ts';
import { useSurveyResults } from '../api/reports.ts';
import { ExportButton } from './ExportButton.tsx';
import { SectionState } from './SectionState.tsx';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

/** A chart with the same numbers as a small table beneath, for screen readers and for checking. */
function ChartCard({
  title,
  chart,
  rows,
}: {
  title: string;
  chart: ReactNode;
  rows: { label: string; value: string }[];
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {chart}
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right">{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function Charts({ results }: { results: SurveyAggregates }) {
  const ratings = results.ratings.map((rating) => ({ question: rating.label, Average: rating.average ?? 0 }));
  const yesNo = results.yes_no.map((entry) => ({ question: entry.label, Yes: entry.yes, No: entry.no }));
  const stages = results.stages.map((stage) => ({ stage: stage.label, Responses: stage.count }));
  const ages = results.age_ranges.map((range) => ({ range: range.label, Responses: range.count }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ChartCard
        title="Average rating per question (1–5)"
        chart={
          <BarChart
            h={260}
            data={ratings}
            dataKey="question"
            orientation="vertical"
            yAxisProps={{ width: 160 }}
            xAxisProps={{ domain: [0, 5] }}
            series={[{ name: 'Average', color: 'sage.7' }]}
          />
        }
        rows={results.ratings.map((rating) => ({
          label: rating.label,
          value: rating.average === null ? '—' : `${rating.average.toFixed(2)} (${rating.answers} answers)`,
        }))}
      />
      <ChartCard
        title="Yes and no"
        chart={
          <BarChart
            h={200}
            data={yesNo}
            dataKey="question"
            type="percent"
            series={[
              { name: 'Yes', color: 'sage.7' },
              { name: 'No', color: 'gray.5' },
            ]}
          />
        }
        rows={results.yes_no.map((entry) => ({
          label: entry.label,
          value: `${percent(entry.yes_share)} yes (${entry.yes} yes, ${entry.no} no)`,
        }))}
      />
      <ChartCard
        title="Pilgrimage stage"
        chart={
          <BarChart h={220} data={stages} dataKey="stage" series={[{ name: 'Responses', color: 'blue.7' }]} />
        }
        rows={results.stages.map((stage) => ({ label: stage.label, value: String(stage.count) }))}
      />
      <ChartCard
        title="Age range"
        chart={
          <BarChart h={220} data={ages} dataKey="range" series={[{ name: 'Responses', color: 'grape.7' }]} />
        }
        rows={results.age_ranges.map((range) => ({ label: range.label, value: String(range.count) }))}
      />
    </SimpleGrid>
  );
}

export function SurveySection() {
  const results = useSurveyResults();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Survey results</Title>
        <ExportButton
          path="/api/admin/survey/export.csv"
          filename="survey-responses.csv"
          label="Export CSV"
        />
      </Group>
      <SectionState query={results} empty="No survey responses yet." isEmpty={(data) => data.responses === 0}>
        {(data) => (
          <>
            <Text c="gray.7">{data.responses === 1 ? '1 response' : `${data.responses} responses`}</Text>
            <Charts results={data} />
          </>
        )}
      </SectionState>
    </Stack>
  );
}
