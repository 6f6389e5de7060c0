CREATE TABLE "soul_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"media_key" text NOT NULL,
	"position" integer NOT NULL,
	"segment_seconds" real NOT NULL,
	"segment_key" text,
	"segment_status" text DEFAULT 'pending' NOT NULL,
	"segment_progress" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soul_story_keepsakes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"rendered_version" integer,
	"failed_version" integer,
	"video_key" text,
	"poster_key" text,
	"join_progress" integer DEFAULT 0 NOT NULL,
	"share_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "soul_story_keepsakes_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "soul_stories" ADD CONSTRAINT "soul_stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soul_story_keepsakes" ADD CONSTRAINT "soul_story_keepsakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "soul_stories_user_position_idx" ON "soul_stories" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "soul_stories_one_take_per_prompt" ON "soul_stories" USING btree ("user_id","type") WHERE "soul_stories"."type" <> 'photo';