CREATE TYPE "public"."health_log_kind" AS ENUM('craving', 'symptom');--> statement-breakpoint
CREATE TYPE "public"."hospital_bag_owner" AS ENUM('parent', 'partner', 'baby');--> statement-breakpoint
CREATE TYPE "public"."medical_contact_kind" AS ENUM('provider', 'hospital', 'doula', 'pediatrician', 'other');--> statement-breakpoint
CREATE TABLE "birth_plans" (
	"pregnancy_id" uuid PRIMARY KEY NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"recorded_by" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"user_id" text,
	"kind" "health_log_kind" NOT NULL,
	"name" text NOT NULL,
	"severity" smallint,
	"notes" text,
	"logged_at" timestamp with time zone NOT NULL,
	"week" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_supplement_doses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplement_id" uuid NOT NULL,
	"taken_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_supplements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"dose" text,
	"time_of_day" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_bag_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"owner" "hospital_bag_owner" NOT NULL,
	"name" text NOT NULL,
	"default_key" text,
	"is_packed" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kick_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"baby_id" uuid,
	"recorded_by" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"kick_offsets_ms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"kind" "medical_contact_kind" NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "birth_plans" ADD CONSTRAINT "birth_plans_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "birth_plans" ADD CONSTRAINT "birth_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractions" ADD CONSTRAINT "contractions_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractions" ADD CONSTRAINT "contractions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_logs" ADD CONSTRAINT "health_logs_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_logs" ADD CONSTRAINT "health_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_supplement_doses" ADD CONSTRAINT "health_supplement_doses_supplement_id_health_supplements_id_fk" FOREIGN KEY ("supplement_id") REFERENCES "public"."health_supplements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_supplements" ADD CONSTRAINT "health_supplements_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_supplements" ADD CONSTRAINT "health_supplements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_bag_items" ADD CONSTRAINT "hospital_bag_items_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kick_sessions" ADD CONSTRAINT "kick_sessions_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kick_sessions" ADD CONSTRAINT "kick_sessions_baby_id_pregnancy_babies_id_fk" FOREIGN KEY ("baby_id") REFERENCES "public"."pregnancy_babies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kick_sessions" ADD CONSTRAINT "kick_sessions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_contacts" ADD CONSTRAINT "medical_contacts_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractions_pregnancy_started_idx" ON "contractions" USING btree ("pregnancy_id","started_at");--> statement-breakpoint
CREATE INDEX "health_logs_pregnancy_kind_logged_idx" ON "health_logs" USING btree ("pregnancy_id","kind","logged_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_supplement_doses_day_uq" ON "health_supplement_doses" USING btree ("supplement_id","taken_on");--> statement-breakpoint
CREATE INDEX "health_supplements_pregnancy_user_idx" ON "health_supplements" USING btree ("pregnancy_id","user_id");--> statement-breakpoint
CREATE INDEX "hospital_bag_items_pregnancy_owner_idx" ON "hospital_bag_items" USING btree ("pregnancy_id","owner","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_bag_items_default_uq" ON "hospital_bag_items" USING btree ("pregnancy_id","default_key");--> statement-breakpoint
CREATE INDEX "kick_sessions_pregnancy_started_idx" ON "kick_sessions" USING btree ("pregnancy_id","started_at");--> statement-breakpoint
CREATE INDEX "medical_contacts_pregnancy_idx" ON "medical_contacts" USING btree ("pregnancy_id");