CREATE TABLE "pregnancy_losses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"baby_id" uuid,
	"recorded_by_user_id" text,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"notice_dismissed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_card_cents" integer,
	"refund_credit_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pregnancies" ADD COLUMN "loss_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD COLUMN "loss_memories" text DEFAULT 'shared' NOT NULL;--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "audience_user_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "replies_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "kind" text DEFAULT 'update' NOT NULL;--> statement-breakpoint
ALTER TABLE "pregnancy_losses" ADD CONSTRAINT "pregnancy_losses_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_losses" ADD CONSTRAINT "pregnancy_losses_baby_id_pregnancy_babies_id_fk" FOREIGN KEY ("baby_id") REFERENCES "public"."pregnancy_babies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_losses" ADD CONSTRAINT "pregnancy_losses_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pregnancy_losses_pregnancy_idx" ON "pregnancy_losses" USING btree ("pregnancy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pregnancy_losses_standing_uq" ON "pregnancy_losses" USING btree ("pregnancy_id",coalesce("baby_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "pregnancy_losses"."undone_at" is null;