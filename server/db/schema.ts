export * from '../http/rate-limit-table.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/notifications/tables.ts';
