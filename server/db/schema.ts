export * from '../http/rate-limit-table.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/notifications/tables.ts';
export * from '../modules/blog/tables.ts';
export * from '../modules/newsletter/tables.ts';
export * from '../modules/contact/tables.ts';
export * from '../modules/survey/tables.ts';
export * from '../modules/community/tables.ts';
