ALTER TABLE "soul_stories" ADD COLUMN "media_crc32" bigint;--> statement-breakpoint
ALTER TABLE "soul_story_keepsakes" ADD COLUMN "video_crc32" bigint;