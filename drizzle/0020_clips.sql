CREATE TYPE "public"."album_item_kind" AS ENUM('photo', 'clip');--> statement-breakpoint
CREATE TYPE "public"."clip_upload_role" AS ENUM('original', 'display');--> statement-breakpoint
CREATE TABLE "clip_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" "clip_upload_role" NOT NULL,
	"fingerprint" text NOT NULL,
	"r2_upload_id" text NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"parts_stored" integer DEFAULT 0 NOT NULL,
	"part_etags" text[] DEFAULT '{}'::text[] NOT NULL,
	"storage_units" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "kind" "album_item_kind" DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "storage_units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clip_uploads" ADD CONSTRAINT "clip_uploads_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_uploads" ADD CONSTRAINT "clip_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_uploads_owner_idx" ON "clip_uploads" USING btree ("pregnancy_id","user_id","fingerprint");--> statement-breakpoint
CREATE INDEX "clip_uploads_updated_idx" ON "clip_uploads" USING btree ("updated_at");