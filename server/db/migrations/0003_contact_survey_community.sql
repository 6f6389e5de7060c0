CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"inquiry_types" text[] DEFAULT '{}' NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid,
	"overall_experience" smallint NOT NULL,
	"website_design" smallint NOT NULL,
	"ease_of_use" smallint NOT NULL,
	"used_vela" boolean NOT NULL,
	"vela_helpfulness" smallint,
	"vela_response_quality" smallint,
	"used_soul_story" boolean NOT NULL,
	"soul_story_ease" smallint,
	"notification_timeliness" smallint,
	"what_worked_well" text DEFAULT '' NOT NULL,
	"what_could_be_improved" text DEFAULT '' NOT NULL,
	"additional_comments" text DEFAULT '' NOT NULL,
	"pilgrimage_stage" text,
	"age_range" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_submission_id_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE TABLE "community_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"interest" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "survey_responses_created_idx" ON "survey_responses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "community_requests_kind_created_idx" ON "community_requests" USING btree ("kind","created_at");