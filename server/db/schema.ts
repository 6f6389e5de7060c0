export * from '../http/rate-limit-table.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/notifications/tables.ts';
export * from '../modules/blog/tables.ts';
export * from '../modules/newsletter/tables.ts';
