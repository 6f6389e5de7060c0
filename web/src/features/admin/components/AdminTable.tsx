import { type MantineSpacing, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AdminColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Keeps a cell such as a date on one line. */
  nowrap?: boolean;
}

/** The console's striped tables: one row per item, scrolling sideways below their minimum width. */
export function AdminTable<Row extends { id: string }>({
  rows,
  columns,
  minWidth,
  verticalSpacing,
}: {
  rows: Row[];
  /** Columns without a value (`false`, `undefined`) are left out. */
  columns: (AdminColumn<Row> | false | undefined)[];
  minWidth: number;
  verticalSpacing?: MantineSpacing;
}) {
  const shown = columns.filter((column): column is AdminColumn<Row> => Boolean(column));
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped {...(verticalSpacing ? { verticalSpacing } : {})}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {shown.map((column) => (
                <Table.Td key={column.header} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
