ALTER TABLE "soul_stories" ADD COLUMN "take_seconds" real;--> statement-breakpoint
ALTER TABLE "soul_stories" ADD COLUMN "captions_key" text;--> statement-breakpoint
ALTER TABLE "soul_stories" ADD COLUMN "captions_language" text;--> statement-breakpoint
ALTER TABLE "soul_stories" ADD COLUMN "captions_source" text;