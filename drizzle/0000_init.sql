CREATE TYPE "public"."baby_gender" AS ENUM('unknown', 'boy', 'girl');--> statement-breakpoint
CREATE TYPE "public"."contact_inquiry_type" AS ENUM('general', 'support', 'billing', 'feature', 'partnership');--> statement-breakpoint
CREATE TYPE "public"."contact_notification_type" AS ENUM('waiting_room_dm', 'waiting_room_activation');--> statement-breakpoint
CREATE TYPE "public"."event_category" AS ENUM('medical', 'milestone', 'family', 'preparation', 'celebration');--> statement-breakpoint
CREATE TYPE "public"."gift_card_plan" AS ENUM('base', 'premium');--> statement-breakpoint
CREATE TYPE "public"."guest_privacy_level" AS ENUM('immediate-family', 'extended-family', 'close-friends', 'friends', 'acquaintances');--> statement-breakpoint
CREATE TYPE "public"."guest_relationship" AS ENUM('grandparent', 'sibling', 'aunt-uncle', 'cousin', 'friend', 'other');--> statement-breakpoint
CREATE TYPE "public"."invitation_status" AS ENUM('pending', 'verified', 'accepted', 'revoked', 'expired');--> statement-breakpoint
CREATE TYPE "public"."item_privacy_level" AS ENUM('parents-only', 'immediate-family', 'extended-family', 'close-friends', 'friends', 'acquaintances');--> statement-breakpoint
CREATE TYPE "public"."participant_role" AS ENUM('owner', 'partner', 'guest');--> statement-breakpoint
CREATE TYPE "public"."participant_status" AS ENUM('invited', 'active');--> statement-breakpoint
CREATE TYPE "public"."pregnancy_status" AS ENUM('active', 'closed');--> statement-breakpoint
CREATE TYPE "public"."registry_suggestion_status" AS ENUM('pending', 'accepted', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."rsvp_status" AS ENUM('pending', 'attending', 'maybe', 'declined');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused');--> statement-breakpoint
CREATE TYPE "public"."subscription_tier" AS ENUM('basic', 'premium');--> statement-breakpoint
CREATE TYPE "public"."user_mode" AS ENUM('parent', 'guest');--> statement-breakpoint
CREATE TYPE "public"."waiting_room_message_kind" AS ENUM('standard', 'parent_update');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_token" text DEFAULT gen_random_uuid()::text NOT NULL,
	"participant_id" uuid NOT NULL,
	"status" "invitation_status" DEFAULT 'pending' NOT NULL,
	"personal_message" text,
	"expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitation_tracking_invitation_token_unique" UNIQUE("invitation_token")
);
--> statement-breakpoint
CREATE TABLE "partner_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"sent_to_email" text,
	"attempts_remaining" smallint DEFAULT 3 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_verifications_participant_id_unique" UNIQUE("participant_id")
);
--> statement-breakpoint
CREATE TABLE "pregnancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "pregnancy_status" DEFAULT 'active' NOT NULL,
	"created_by_user_id" text,
	"due_date" date NOT NULL,
	"last_menstrual_period" date,
	"title" text DEFAULT 'My Pregnancy Journey' NOT NULL,
	"service_end_date" date NOT NULL,
	"photo_storage_used" integer DEFAULT 0 NOT NULL,
	"photo_storage_limit" integer DEFAULT 400 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pregnancy_babies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"birth_order" smallint NOT NULL,
	"gender" "baby_gender" DEFAULT 'unknown' NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pregnancy_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"user_id" text,
	"role" "participant_role" NOT NULL,
	"status" "participant_status" DEFAULT 'invited' NOT NULL,
	"invited_email" text,
	"invited_first_name" text,
	"invited_last_name" text,
	"title" text,
	"relationship" "guest_relationship",
	"privacy_level" "guest_privacy_level" DEFAULT 'friends' NOT NULL,
	"permissions" jsonb,
	"invited_by_user_id" text,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mode" "user_mode",
	"guest_pregnancy_id" uuid,
	"guest_pregnancy_chosen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"balance_cents" integer NOT NULL,
	"initial_balance_cents" integer NOT NULL,
	"plan" "gift_card_plan" NOT NULL,
	"purchaser_email" text,
	"redeemed_by_user_id" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_cards_balance_chk" CHECK ("gift_cards"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_code" text NOT NULL,
	"user_id" text,
	"discount_percent" integer DEFAULT 25 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "referrals_code_format_chk" CHECK ("referrals"."referral_code" ~ '^[a-z0-9]{8}$'),
	CONSTRAINT "referrals_discount_percent_chk" CHECK ("referrals"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid,
	"user_id" text NOT NULL,
	"status" "subscription_status" DEFAULT 'incomplete' NOT NULL,
	"tier" "subscription_tier" DEFAULT 'basic' NOT NULL,
	"photo_storage_limit" integer DEFAULT 400 NOT NULL,
	"monthly_cost_cents" integer DEFAULT 0 NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_price_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"pending_tier" "subscription_tier",
	"trial_end" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"questions" text,
	"location" text,
	"date" date NOT NULL,
	"time" time,
	"category" "event_category" NOT NULL,
	"week_number" integer,
	"privacy_level" "item_privacy_level" DEFAULT 'parents-only' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"auto_date" boolean DEFAULT false NOT NULL,
	"milestone_key" text,
	"guest_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feed_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text DEFAULT gen_random_uuid()::text NOT NULL,
	"participant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feed_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "event_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rsvp_status" "rsvp_status" DEFAULT 'pending' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"rsvp_token" text DEFAULT gen_random_uuid()::text NOT NULL,
	CONSTRAINT "event_participants_rsvp_token_unique" UNIQUE("rsvp_token")
);
--> statement-breakpoint
CREATE TABLE "favorite_templates" (
	"user_id" text NOT NULL,
	"template_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_templates_pk" PRIMARY KEY("user_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "photo_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"photo_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_guest_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_likes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"photo_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"file_url" text NOT NULL,
	"storage_path" text NOT NULL,
	"thumbnail_url" text,
	"thumbnail_path" text,
	"title" text,
	"description" text,
	"alt_text" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"week" integer DEFAULT 24 NOT NULL,
	"uploaded_by" text NOT NULL,
	"privacy_level" "item_privacy_level" DEFAULT 'immediate-family' NOT NULL,
	"audience_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_id" uuid,
	"file_size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"parent_comment_id" uuid,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"content" text NOT NULL,
	"mood" text,
	"location" text,
	"link_url" text,
	"photo_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"privacy_level" "item_privacy_level" DEFAULT 'immediate-family' NOT NULL,
	"audience_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"notification_type" "contact_notification_type" NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"metadata" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_room_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"user_a" text NOT NULL,
	"user_b" text NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unread_a" integer DEFAULT 0 NOT NULL,
	"unread_b" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_room_conversations_sorted_pair_chk" CHECK (("waiting_room_conversations"."user_a" COLLATE "C") < ("waiting_room_conversations"."user_b" COLLATE "C"))
);
--> statement-breakpoint
CREATE TABLE "waiting_room_dm_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_room_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"sender_id" text,
	"author_id" text,
	"kind" "waiting_room_message_kind" DEFAULT 'standard' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"storage_path" text,
	"parent_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_room_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_room_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_false_alarm" boolean DEFAULT false NOT NULL,
	"is_baby_here" boolean DEFAULT false NOT NULL,
	"scheduled_close_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"activated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"retailer" text,
	"url" text NOT NULL,
	"description" text,
	"is_custom" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"suggested_by" text NOT NULL,
	"name" text NOT NULL,
	"link" text,
	"note" text,
	"status" "registry_suggestion_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baby_game_state" (
	"pregnancy_id" uuid PRIMARY KEY NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"actual_results" jsonb,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baby_predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pregnancy_id" uuid NOT NULL,
	"baby_id" uuid NOT NULL,
	"predictor_id" text,
	"entered_by" text,
	"predicted_weight" numeric(7, 4),
	"predicted_length" numeric(5, 2),
	"predicted_date" date,
	"predicted_time" time,
	"additional_predictions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"properties" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text,
	"message" text NOT NULL,
	"inquiry_type" "contact_inquiry_type" DEFAULT 'general' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"email" text NOT NULL,
	"due_date" date,
	"confirm_token" text DEFAULT gen_random_uuid()::text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_confirm_token_unique" UNIQUE("confirm_token")
);
--> statement-breakpoint
CREATE TABLE "performance_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"metric_type" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text,
	"pregnancy_id" uuid,
	"user_id" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tracking" ADD CONSTRAINT "invitation_tracking_participant_id_pregnancy_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."pregnancy_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_verifications" ADD CONSTRAINT "partner_verifications_participant_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."pregnancy_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancies" ADD CONSTRAINT "pregnancies_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_babies" ADD CONSTRAINT "pregnancy_babies_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_participants" ADD CONSTRAINT "pregnancy_participants_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_participants" ADD CONSTRAINT "pregnancy_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pregnancy_participants" ADD CONSTRAINT "pregnancy_participants_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_guest_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("guest_pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_participant_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."pregnancy_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participants" ADD CONSTRAINT "event_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_templates" ADD CONSTRAINT "favorite_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_comments" ADD CONSTRAINT "photo_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_comments" ADD CONSTRAINT "photo_comments_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_guest_tags" ADD CONSTRAINT "photo_guest_tags_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_guest_tags" ADD CONSTRAINT "photo_guest_tags_participant_id_pregnancy_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."pregnancy_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_likes" ADD CONSTRAINT "photo_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_likes" ADD CONSTRAINT "photo_likes_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_parent_comment_id_post_comments_id_fk" FOREIGN KEY ("parent_comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notifications" ADD CONSTRAINT "contact_notifications_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notifications" ADD CONSTRAINT "contact_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_conversations" ADD CONSTRAINT "waiting_room_conversations_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_conversations" ADD CONSTRAINT "waiting_room_conversations_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_conversations" ADD CONSTRAINT "waiting_room_conversations_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_dm_messages" ADD CONSTRAINT "waiting_room_dm_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_dm_messages" ADD CONSTRAINT "waiting_room_dm_messages_conversation_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."waiting_room_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_messages" ADD CONSTRAINT "waiting_room_messages_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_messages" ADD CONSTRAINT "waiting_room_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_messages" ADD CONSTRAINT "waiting_room_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_messages" ADD CONSTRAINT "waiting_room_messages_parent_fk" FOREIGN KEY ("parent_message_id") REFERENCES "public"."waiting_room_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_reactions" ADD CONSTRAINT "waiting_room_reactions_message_id_waiting_room_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."waiting_room_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_reactions" ADD CONSTRAINT "waiting_room_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_sessions" ADD CONSTRAINT "waiting_room_sessions_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_sessions" ADD CONSTRAINT "waiting_room_sessions_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registries" ADD CONSTRAINT "registries_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registries" ADD CONSTRAINT "registries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_suggestions" ADD CONSTRAINT "registry_suggestions_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_suggestions" ADD CONSTRAINT "registry_suggestions_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baby_game_state" ADD CONSTRAINT "baby_game_state_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baby_game_state" ADD CONSTRAINT "baby_game_state_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baby_predictions" ADD CONSTRAINT "baby_predictions_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baby_predictions" ADD CONSTRAINT "baby_predictions_baby_id_pregnancy_babies_id_fk" FOREIGN KEY ("baby_id") REFERENCES "public"."pregnancy_babies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baby_predictions" ADD CONSTRAINT "baby_predictions_predictor_id_users_id_fk" FOREIGN KEY ("predictor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baby_predictions" ADD CONSTRAINT "baby_predictions_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_metrics" ADD CONSTRAINT "performance_metrics_pregnancy_id_pregnancies_id_fk" FOREIGN KEY ("pregnancy_id") REFERENCES "public"."pregnancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_metrics" ADD CONSTRAINT "performance_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "invitation_tracking_participant_idx" ON "invitation_tracking" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "pregnancies_created_by_user_id_idx" ON "pregnancies" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pregnancy_babies_pregnancy_birth_order_uq" ON "pregnancy_babies" USING btree ("pregnancy_id","birth_order");--> statement-breakpoint
CREATE UNIQUE INDEX "pregnancy_participants_pregnancy_user_uq" ON "pregnancy_participants" USING btree ("pregnancy_id","user_id");--> statement-breakpoint
CREATE INDEX "pregnancy_participants_user_status_idx" ON "pregnancy_participants" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "pregnancy_participants_pregnancy_idx" ON "pregnancy_participants" USING btree ("pregnancy_id");--> statement-breakpoint
CREATE INDEX "pregnancy_participants_invited_email_idx" ON "pregnancy_participants" USING btree (lower("invited_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "pregnancy_participants_one_owner_uq" ON "pregnancy_participants" USING btree ("pregnancy_id") WHERE "pregnancy_participants"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "subscriptions_pregnancy_status_created_idx" ON "subscriptions" USING btree ("pregnancy_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_stripe_customer_idx" ON "subscriptions" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "calendar_events_pregnancy_archived_date_idx" ON "calendar_events" USING btree ("pregnancy_id","is_archived","date");--> statement-breakpoint
CREATE INDEX "calendar_feed_tokens_participant_idx" ON "calendar_feed_tokens" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_participants_event_user_uq" ON "event_participants" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_participants_user_idx" ON "event_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photo_comments_photo_created_idx" ON "photo_comments" USING btree ("photo_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_guest_tags_photo_participant_uq" ON "photo_guest_tags" USING btree ("photo_id","participant_id");--> statement-breakpoint
CREATE INDEX "photo_guest_tags_participant_idx" ON "photo_guest_tags" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_likes_user_photo_uq" ON "photo_likes" USING btree ("user_id","photo_id");--> statement-breakpoint
CREATE INDEX "photo_likes_photo_idx" ON "photo_likes" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "photos_pregnancy_created_idx" ON "photos" USING btree ("pregnancy_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "photos_pregnancy_week_idx" ON "photos" USING btree ("pregnancy_id","week");--> statement-breakpoint
CREATE INDEX "photos_tags_gin_idx" ON "photos" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "photos_uploaded_by_idx" ON "photos" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "photos_event_idx" ON "photos" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "post_comments_parent_idx" ON "post_comments" USING btree ("parent_comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_likes_post_user_uq" ON "post_likes" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE INDEX "posts_pregnancy_created_idx" ON "posts" USING btree ("pregnancy_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "contact_notifications_user_created_idx" ON "contact_notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_conversations_pair_uq" ON "waiting_room_conversations" USING btree ("pregnancy_id","user_a","user_b");--> statement-breakpoint
CREATE INDEX "waiting_room_conversations_user_b_idx" ON "waiting_room_conversations" USING btree ("pregnancy_id","user_b");--> statement-breakpoint
CREATE INDEX "waiting_room_dm_messages_conversation_created_idx" ON "waiting_room_dm_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "waiting_room_messages_pregnancy_created_idx" ON "waiting_room_messages" USING btree ("pregnancy_id","created_at");--> statement-breakpoint
CREATE INDEX "waiting_room_messages_parent_idx" ON "waiting_room_messages" USING btree ("parent_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_reactions_message_user_emoji_uq" ON "waiting_room_reactions" USING btree ("message_id","user_id","emoji");--> statement-breakpoint
CREATE INDEX "waiting_room_sessions_pregnancy_created_idx" ON "waiting_room_sessions" USING btree ("pregnancy_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "waiting_room_sessions_due_close_idx" ON "waiting_room_sessions" USING btree ("scheduled_close_at") WHERE "waiting_room_sessions"."is_active" and "waiting_room_sessions"."scheduled_close_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_sessions_one_active_uq" ON "waiting_room_sessions" USING btree ("pregnancy_id") WHERE "waiting_room_sessions"."is_active";--> statement-breakpoint
CREATE INDEX "registries_pregnancy_order_idx" ON "registries" USING btree ("pregnancy_id","display_order","created_at");--> statement-breakpoint
CREATE INDEX "registry_suggestions_pregnancy_created_idx" ON "registry_suggestions" USING btree ("pregnancy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "baby_predictions_baby_predictor_uq" ON "baby_predictions" USING btree ("baby_id","predictor_id");--> statement-breakpoint
CREATE INDEX "baby_predictions_pregnancy_created_idx" ON "baby_predictions" USING btree ("pregnancy_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_to_created_idx" ON "mail_outbox" USING btree ("to","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_idx" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "performance_metrics_type_name_created_idx" ON "performance_metrics" USING btree ("metric_type","name","created_at");