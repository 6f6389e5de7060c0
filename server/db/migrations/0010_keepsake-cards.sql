ALTER TABLE "soul_story_keepsakes" ADD COLUMN "opening_card_key" text;--> statement-breakpoint
ALTER TABLE "soul_story_keepsakes" ADD COLUMN "closing_card_key" text;