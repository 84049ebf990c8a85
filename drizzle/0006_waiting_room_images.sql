CREATE TABLE "waiting_room_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"storage_path" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waiting_room_images" ADD CONSTRAINT "waiting_room_images_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_images" ADD CONSTRAINT "waiting_room_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_images_storage_path_uq" ON "waiting_room_images" USING btree ("storage_path");--> statement-breakpoint
CREATE INDEX "waiting_room_images_pregnancy_uploader_idx" ON "waiting_room_images" USING btree ("pregnancy_id","uploaded_by");