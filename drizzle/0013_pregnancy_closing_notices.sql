CREATE TABLE "pregnancy_closing_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"pregnancy_id" uuid,
	"pregnancy_title" text NOT NULL,
	"closed_by_name" text NOT NULL,
	"role" "participant_role" NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pregnancy_closing_notices" ADD CONSTRAINT "pregnancy_closing_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_closing_notices" ADD CONSTRAINT "pregnancy_closing_notices_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pregnancy_closing_notices_pregnancy_user_uq" ON "pregnancy_closing_notices" USING btree ("pregnancy_id","user_id");--> statement-breakpoint
CREATE INDEX "pregnancy_closing_notices_user_idx" ON "pregnancy_closing_notices" USING btree ("user_id");