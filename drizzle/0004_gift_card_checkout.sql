ALTER TABLE "gift_cards" ADD COLUMN "stripe_checkout_session_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "stripe_balance_transaction_id" text;--> statement-breakpoint
CREATE INDEX "gift_cards_redeemed_by_idx" ON "gift_cards" USING btree ("redeemed_by_user_id");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_code_format_chk" CHECK ("gift_cards"."code" ~ '^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$');