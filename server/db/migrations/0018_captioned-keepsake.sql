ALTER TABLE "soul_story_keepsakes" ADD COLUMN "captioned_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "soul_story_keepsakes" ADD COLUMN "captioned_video_key" text;--> statement-breakpoint
ALTER TABLE "soul_story_keepsakes" ADD COLUMN "captioned_version" integer;