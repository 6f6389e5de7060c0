/**
 * The API answers in snake_case, the spec's casing, while rows are camelCase: one rename, used both for a
 * response built from a row and for the response schema built from the row's schema, so the two agree.
 */
export type SnakeCase<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${SnakeCase<Rest>}`
  : Name;

export type SnakeCased<Row> = { [Key in keyof Row as Key extends string ? SnakeCase<Key> : Key]: Row[Key] };

export const snakeCaseOf = <Name extends string>(name: Name) =>
  name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as SnakeCase<Name>;

export const snakeCased = <Row extends object>(row: Row) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [snakeCaseOf(key), value])) as SnakeCased<Row>;
