CREATE TYPE "public"."measurement_system" AS ENUM('imperial', 'metric');--> statement-breakpoint
ALTER TABLE "pregnancies" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "measurement_system" "measurement_system";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "display_path" text;--> statement-breakpoint
-- Existing pregnancies take their creator's zone where a browser already reported one; the rest get
-- one when a parent's browser next reports its zone (account.setTimeZone).
UPDATE "pregnancies" SET "time_zone" = "user_preferences"."time_zone" FROM "user_preferences" WHERE "user_preferences"."user_id" = "pregnancies"."created_by_user_id" AND "user_preferences"."time_zone" IS NOT NULL AND "pregnancies"."time_zone" IS NULL;
