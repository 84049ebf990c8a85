ALTER TABLE "pregnancy_babies" ADD COLUMN "born_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "birth_time" text;--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "birth_weight_pounds" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "birth_length_inches" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "birth_measurement_system" "measurement_system";--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "birth_photo_path" text;--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "birth_audience_groups" text[];