export type CsvValue = string | number | boolean | null | undefined;

/** Spreadsheets run cells that start with these as formulas; a leading apostrophe keeps them text. */
const formulaStart = /^[=+\-@\t\r]/;

const cell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** RFC 4180 CSV with a header row, safe to open in a spreadsheet. */
export const toCsv = <Row>(
  rows: Row[],
  columns: { header: string; value: (row: Row) => CsvValue }[],
): string =>
  `${[
    columns.map((column) => cell(column.header)),
    ...rows.map((row) => columns.map((column) => cell(column.value(row)))),
  ]
    .map((line) => line.join(','))
    .join('\r\n')}\r\n`;
