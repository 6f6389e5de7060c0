import { boolean, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { users } from '#server/identity/tables.ts';

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: idColumn(),
    /** Chosen by the browser, so an answer sent again after a lost response is stored once. */
    submissionId: uuid('submission_id').unique(),
    /**
     * The pilgrim who answered while signed in, so the answers travel with their data export; erasing
     * the account leaves the answers as anonymous feedback.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    overallExperience: smallint('overall_experience').notNull(),
    websiteDesign: smallint('website_design').notNull(),
    easeOfUse: smallint('ease_of_use').notNull(),
    usedVela: boolean('used_vela').notNull(),
    velaHelpfulness: smallint('vela_helpfulness'),
    velaResponseQuality: smallint('vela_response_quality'),
    usedSoulStory: boolean('used_soul_story').notNull(),
    soulStoryEase: smallint('soul_story_ease'),
    notificationTimeliness: smallint('notification_timeliness'),
    whatWorkedWell: text('what_worked_well').notNull().default(''),
    whatCouldBeImproved: text('what_could_be_improved').notNull().default(''),
    additionalComments: text('additional_comments').notNull().default(''),
    pilgrimageStage: text('pilgrimage_stage'),
    ageRange: text('age_range'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('survey_responses_created_idx').on(table.createdAt),
    index('survey_responses_user_idx').on(table.userId),
  ],
);
