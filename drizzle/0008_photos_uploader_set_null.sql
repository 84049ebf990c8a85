ALTER TABLE "photos" DROP CONSTRAINT "photos_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "uploaded_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;