CREATE TABLE "journeys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"route" text,
	"start_place" text,
	"finish_place" text,
	"start_date" date,
	"arrival_date" date,
	"distance_km" integer,
	"compostela" boolean,
	"compostela_date" date,
	"walked_with" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;