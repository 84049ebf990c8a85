ALTER TABLE "pregnancies" ADD COLUMN "setup_completed_at" timestamp with time zone;--> statement-breakpoint
-- Pregnancies created before /setup-pregnancy existed count as set up.
UPDATE "pregnancies" SET "setup_completed_at" = "created_at";
