ALTER TABLE "soul_story_keepsakes" ADD COLUMN "captions_key" text;--> statement-breakpoint
ALTER TABLE "soul_story_keepsakes" ADD COLUMN "captions_language" text;