CREATE TABLE "dev_stripe_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_stripe_objects_type_created_idx" ON "dev_stripe_objects" USING btree ("type","created_at");