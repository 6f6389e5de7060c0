import { boolean, date, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from '#server/db/columns.ts';
import { users } from '#server/identity/tables.ts';

/** The pilgrim's Camino record: one per account, every field optional until they fill it in. */
export const journeys = pgTable('journeys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  route: text('route'),
  startPlace: text('start_place'),
  finishPlace: text('finish_place'),
  startDate: date('start_date'),
  arrivalDate: date('arrival_date'),
  distanceKm: integer('distance_km'),
  compostela: boolean('compostela'),
  compostelaDate: date('compostela_date'),
  walkedWith: text('walked_with'),
  updatedAt: updatedAtColumn(),
});
