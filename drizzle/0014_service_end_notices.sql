CREATE TABLE "service_end_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_end_notices" ADD CONSTRAINT "service_end_notices_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_end_notices" ADD CONSTRAINT "service_end_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_end_notices_pregnancy_kind_user_uq" ON "service_end_notices" USING btree ("pregnancy_id","kind","user_id");--> statement-breakpoint
CREATE INDEX "service_end_notices_user_idx" ON "service_end_notices" USING btree ("user_id");