/** Every table, gathered for the migration tool (drizzle.config.ts); the app itself never needs the list. */
export * from './http/rate-limit-table.ts';
export * from './identity/tables.ts';
export * from './modules/auth/tables.ts';
export * from './modules/blog/tables.ts';
export * from './modules/data-export/tables.ts';
export * from './modules/donations/tables.ts';
export * from './modules/journey/tables.ts';
export * from './modules/messages/tables.ts';
export * from './modules/newsletter/tables.ts';
export * from './modules/notifications/tables.ts';
export * from './modules/payments/tables.ts';
export * from './modules/soul-story/tables.ts';
export * from './modules/store/tables.ts';
export * from './modules/survey/tables.ts';
export * from './modules/uploads/tables.ts';
export * from './modules/vela/tables.ts';
export * from './security/tables.ts';
