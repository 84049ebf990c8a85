import { relations, sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BabyColor, CustomPermissions, GuestPrivacyLevel } from "../../../src/domain/enums";
import type { ServiceEndNoticeKind } from "../../../src/domain/serviceEnd";
import type { LossMemories } from "../../../src/domain/pregnancyLoss";
import { users } from "./auth";
import { createdAt, timestamps, updatedAt } from "./columns";
import {
  babyGenderEnum,
  guestPrivacyLevelEnum,
  guestRelationshipEnum,
  measurementSystemEnum,
  invitationStatusEnum,
  participantRoleEnum,
  participantStatusEnum,
  pregnancyStatusEnum,
  userModeEnum,
} from "./enums";

export const pregnancies = pgTable(
  "pregnancies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: pregnancyStatusEnum("status").notNull().default("active"),
    // Set null, not cascade: deleting one account must never silently delete a family's whole
    // pregnancy (partner and guests keep their history); closing it is an explicit action.
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    // Setup requires a due date or an LMP; the app derives due (= LMP + 280 days) and service
    // end (= due + 84 days) before saving, so both are always present. LMP may be unknown.
    dueDate: date("due_date", { mode: "string" }).notNull(),
    lastMenstrualPeriod: date("last_menstrual_period", { mode: "string" }),
    title: text("title").notNull().default("My Pregnancy Journey"),
    serviceEndDate: date("service_end_date", { mode: "string" }).notNull(),
    /** Counted in photos, like the limit (default 400; >= 999999 means unlimited). */
    photoStorageUsed: integer("photo_storage_used").notNull().default(0),
    photoStorageLimit: integer("photo_storage_limit").notNull().default(400),
    /** When status became 'closed' (cancellation closes the pregnancy immediately). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the owner finished /setup-pregnancy; until then /setup-pregnancy stays open to them. */
    setupCompletedAt: timestamp("setup_completed_at", { withTimezone: true }),
    /** When the parents were told by mail that the read-only years are ending (src/domain/retention.ts). */
    purgeWarnedAt: timestamp("purge_warned_at", { withTimezone: true }),
    /**
     * The family's IANA time zone: its "today" and the zone of its events' wall-clock times. Set
     * from the creating parent's browser; null only until a parent's browser first reports one.
     */
    timeZone: text("time_zone"),
    /** When a parent recorded that the pregnancy ended in loss (issue 38); null while it goes on, or after an undo. */
    lossRecordedAt: timestamp("loss_recorded_at", { withTimezone: true }),
    /** What guests keep of the album, posts and messages after a loss (src/domain/pregnancyLoss.ts). */
    lossMemories: text("loss_memories").$type<LossMemories>().notNull().default("shared"),
    ...timestamps(),
  },
  (t) => [index("pregnancies_created_by_user_id_idx").on(t.createdByUserId)],
);

export const pregnancyParticipants = pgTable(
  "pregnancy_participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    /** Null while the invitation is open and not yet linked to an account. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    role: participantRoleEnum("role").notNull(),
    status: participantStatusEnum("status").notNull().default("invited"),
    /** Store lowercased; matched case-insensitively against the signed-in e-mail. */
    invitedEmail: text("invited_email"),
    invitedFirstName: text("invited_first_name"),
    invitedLastName: text("invited_last_name"),
    /** Display title ('Grandma Sue'); falls back to 'Parent' / 'Guest'. */
    title: text("title"),
    relationship: guestRelationshipEnum("relationship"),
    /** The guest's closeness; decides which items they see (see ARCHITECTURE audience rules). */
    privacyLevel: guestPrivacyLevelEnum("privacy_level").notNull().default("friends"),
    /** Custom flag overrides; null = role defaults (normalised in src/domain). */
    permissions: jsonb("permissions").$type<CustomPermissions>(),
    invitedByUserId: text("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** When status became 'active'. */
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    /**
     * The account created from this invitation (or that opened it signed in) before its email was
     * confirmed: the invitation is taken when that mailbox is proven, in whatever browser.
     */
    claimedByUserId: text("claimed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // NULL user ids are distinct, so many open invitations can coexist.
    uniqueIndex("pregnancy_participants_pregnancy_user_uq").on(t.pregnancyId, t.userId),
    index("pregnancy_participants_user_status_idx").on(t.userId, t.status),
    index("pregnancy_participants_pregnancy_idx").on(t.pregnancyId),
    index("pregnancy_participants_invited_email_idx").on(sql`lower(${t.invitedEmail})`),
    index("pregnancy_participants_claimed_by_idx")
      .on(t.claimedByUserId)
      .where(sql`${t.claimedByUserId} is not null`),
    // Exactly one owner per pregnancy.
    uniqueIndex("pregnancy_participants_one_owner_uq")
      .on(t.pregnancyId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

export const pregnancyBabies = pgTable(
  "pregnancy_babies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 1-based; new babies default to 'Baby N' with N = birth_order. */
    birthOrder: smallint("birth_order").notNull(),
    gender: babyGenderEnum("gender").notNull().default("unknown"),
    /** One of the baby colours (pink, blue, green, yellow, orange, purple, red). */
    color: text("color").$type<BabyColor>(),
    /** When a parent announced this baby's birth (the waiting room's baby-here); null while still expected. */
    bornAnnouncedAt: timestamp("born_announced_at", { withTimezone: true }),
    /** The birth day in the family's time zone at the announcement. */
    birthDate: date("birth_date"),
    /** The time of birth as the parents typed it, 'HH:mm:ss' in their time zone. */
    birthTime: text("birth_time"),
    /** The zone the parents were in when they told it, named with the time for readers elsewhere. */
    birthTimeZone: text("birth_time_zone"),
    /** Decimal pounds and inches, as the baby game stores sizes; the units the parents typed them in. */
    birthWeightPounds: numeric("birth_weight_pounds", { precision: 7, scale: 4, mode: "number" }),
    birthLengthInches: numeric("birth_length_inches", { precision: 5, scale: 2, mode: "number" }),
    birthMeasurementSystem: measurementSystemEnum("birth_measurement_system"),
    /** The first photo sent with the announcement (a waiting-room image key). */
    birthPhotoPath: text("birth_photo_path"),
    /** The guest circles the birth was told to (the weekly digest follows it); null = everyone allowed updates. */
    birthAudienceGroups: text("birth_audience_groups").array().$type<GuestPrivacyLevel[]>(),
    /** When a parent recorded this baby's loss, one of several (issue 38): the app no longer speaks of it. */
    lostAt: timestamp("lost_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("pregnancy_babies_pregnancy_birth_order_uq").on(t.pregnancyId, t.birthOrder)],
);

export const invitationTracking = pgTable(
  "invitation_tracking",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Opaque token in the invitation link / the guest invitation code. */
    invitationToken: text("invitation_token")
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => pregnancyParticipants.id, { onDelete: "cascade" }),
    status: invitationStatusEnum("status").notNull().default("pending"),
    personalMessage: text("personal_message"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("invitation_tracking_participant_idx").on(t.participantId)],
);

/** Partner 6-digit code flow: one live code per invited partner (resend replaces it). */
export const partnerVerifications = pgTable(
  "partner_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    participantId: uuid("participant_id").notNull().unique(),
    /** Hash of the 6-digit code (never the code itself). */
    codeHash: text("code_hash").notNull(),
    /** Where the code was sent (the spec sends it to the account owner). */
    sentToEmail: text("sent_to_email"),
    attemptsRemaining: smallint("attempts_remaining").notNull().default(3),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** For the 30 s resend cooldown. */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // Named explicitly: the generated name is longer than Postgres' 63-byte identifier limit.
    foreignKey({
      name: "partner_verifications_participant_fk",
      columns: [t.participantId],
      foreignColumns: [pregnancyParticipants.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Server copy of what the spec keeps in the browser (per-user mode, guest pregnancy choice) so the
 * server can validate them; the client may still cache them.
 */
export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mode: userModeEnum("mode"),
  guestPregnancyId: uuid("guest_pregnancy_id").references(() => pregnancies.id, { onDelete: "set null" }),
  /** The choice is remembered for 14 days. */
  guestPregnancyChosenAt: timestamp("guest_pregnancy_chosen_at", { withTimezone: true }),
  /** Notification choices (settings); all on until the user turns one off. */
  emailInvitations: boolean("email_invitations").notNull().default(true),
  emailRsvps: boolean("email_rsvps").notNull().default(true),
  waitingRoomActivation: boolean("waiting_room_activation").notNull().default(true),
  weeklyDigest: boolean("weekly_digest").notNull().default(true),
  /** The user's IANA time zone, as their browser last said (the weekly digest goes in their morning). */
  timeZone: text("time_zone"),
  /** Imperial or metric for the baby's weight and length; null follows the browser's region. */
  measurementSystem: measurementSystemEnum("measurement_system"),
  updatedAt: updatedAt(),
});

/**
 * What the partner and each guest are told when the owner closes the pregnancy by cancelling
 * (issue 35): one row per person, written in the transaction that closes it, shown in the app
 * until they dismiss it. The title and the owner's name are copied, so the notice still reads
 * right once the pregnancy is deleted (the link is then set null) or the owner's account is gone.
 */
export const pregnancyClosingNotices = pgTable(
  "pregnancy_closing_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The person told. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pregnancyId: uuid("pregnancy_id").references(() => pregnancies.id, { onDelete: "set null" }),
    pregnancyTitle: text("pregnancy_title").notNull(),
    closedByName: text("closed_by_name").notNull(),
    /** Their place in the pregnancy when it closed (partner or guest): what the closing means for them. */
    role: participantRoleEnum("role").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pregnancy_closing_notices_pregnancy_user_uq").on(t.pregnancyId, t.userId),
    index("pregnancy_closing_notices_user_idx").on(t.userId),
  ],
);

/**
 * The parents' notices of the service's end (issue 37), one row per pregnancy, kind and parent,
 * written by the daily job run that mails it: the unique index is what makes a second run (or two
 * at once) send nothing more. Shown in the app until dismissed, while the service lasts.
 */
export const serviceEndNotices = pgTable(
  "service_end_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    /** The parent told. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ServiceEndNoticeKind>().notNull(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("service_end_notices_pregnancy_kind_user_uq").on(t.pregnancyId, t.kind, t.userId), index("service_end_notices_user_idx").on(t.userId)],
);

/**
 * Each recorded loss (issue 38), for the pregnancy (no baby) or one baby of several: who recorded
 * it and when (the undo window and the other parent's notice), its undo, and the refund the owner
 * took. The state every screen reads is on the pregnancy and the baby; this is its record.
 */
export const pregnancyLosses = pgTable(
  "pregnancy_losses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    /** Null: the pregnancy ended; else the one baby lost. */
    babyId: uuid("baby_id").references(() => pregnancyBabies.id, { onDelete: "cascade" }),
    recordedByUserId: text("recorded_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied: the other parent's notice reads right whatever happens to the account. */
    recordedByName: text("recorded_by_name").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /** The other parent closed the app's notice. */
    noticeDismissedAt: timestamp("notice_dismissed_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundCardCents: integer("refund_card_cents"),
    refundCreditCents: integer("refund_credit_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    index("pregnancy_losses_pregnancy_idx").on(t.pregnancyId),
    // One standing record per pregnancy and baby: a second click records nothing more.
    uniqueIndex("pregnancy_losses_standing_uq")
      .on(t.pregnancyId, sql`coalesce(${t.babyId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.undoneAt} is null`),
  ],
);

export const usersRelations = relations(users, ({ many, one }) => ({
  participations: many(pregnancyParticipants, { relationName: "participant_user" }),
  preferences: one(userPreferences),
}));

export const pregnanciesRelations = relations(pregnancies, ({ one, many }) => ({
  createdBy: one(users, { fields: [pregnancies.createdByUserId], references: [users.id] }),
  participants: many(pregnancyParticipants),
  babies: many(pregnancyBabies),
}));

export const pregnancyParticipantsRelations = relations(pregnancyParticipants, ({ one, many }) => ({
  pregnancy: one(pregnancies, { fields: [pregnancyParticipants.pregnancyId], references: [pregnancies.id] }),
  user: one(users, {
    fields: [pregnancyParticipants.userId],
    references: [users.id],
    relationName: "participant_user",
  }),
  invitedBy: one(users, { fields: [pregnancyParticipants.invitedByUserId], references: [users.id] }),
  invitations: many(invitationTracking),
  partnerVerification: one(partnerVerifications),
}));

export const pregnancyBabiesRelations = relations(pregnancyBabies, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [pregnancyBabies.pregnancyId], references: [pregnancies.id] }),
}));

export const invitationTrackingRelations = relations(invitationTracking, ({ one }) => ({
  participant: one(pregnancyParticipants, {
    fields: [invitationTracking.participantId],
    references: [pregnancyParticipants.id],
  }),
}));

export const partnerVerificationsRelations = relations(partnerVerifications, ({ one }) => ({
  participant: one(pregnancyParticipants, {
    fields: [partnerVerifications.participantId],
    references: [pregnancyParticipants.id],
  }),
}));

export const userPreferencesRelations = relations(userPreferences, ({ one }) => ({
  user: one(users, { fields: [userPreferences.userId], references: [users.id] }),
  guestPregnancy: one(pregnancies, { fields: [userPreferences.guestPregnancyId], references: [pregnancies.id] }),
}));
