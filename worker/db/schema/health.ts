import { relations } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamps } from "./columns";
import { healthLogKindEnum, hospitalBagOwnerEnum, medicalContactKindEnum } from "./enums";
import { pregnancies, pregnancyBabies } from "./pregnancy";

/**
 * The parents' health tools (issue 9). Everything here is private to the pregnancy's parents:
 * guests never read it, whatever their flags. Rows recorded on a phone that may be offline
 * (kick sessions, contractions, quick logs) carry an id made by the client, so a sync that is
 * retried stores each one once.
 */

const pregnancyRef = () =>
  uuid("pregnancy_id")
    .notNull()
    .references(() => pregnancies.id, { onDelete: "cascade" });

/** A supplement on a parent's daily checklist (vitamins are per person, not per pregnancy). */
export const healthSupplements = pgTable(
  "health_supplements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: pregnancyRef(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    dose: text("dose"),
    /** When in the day it is taken ('morning', 'with dinner'), free text. */
    timeOfDay: text("time_of_day"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("health_supplements_pregnancy_user_idx").on(t.pregnancyId, t.userId)],
);

/** One tick of the checklist: the supplement was taken on that (local) day. */
export const healthSupplementDoses = pgTable(
  "health_supplement_doses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplementId: uuid("supplement_id")
      .notNull()
      .references(() => healthSupplements.id, { onDelete: "cascade" }),
    takenOn: date("taken_on", { mode: "string" }).notNull(),
    takenAt: createdAt(),
  },
  (t) => [uniqueIndex("health_supplement_doses_day_uq").on(t.supplementId, t.takenOn)],
);

/** A kick-counting session: when it started and each movement's time (ms after the start). */
export const kickSessions = pgTable(
  "kick_sessions",
  {
    id: uuid("id").primaryKey(),
    pregnancyId: pregnancyRef(),
    /** For multiples; null when the pregnancy has one baby or the parent did not say. */
    babyId: uuid("baby_id").references(() => pregnancyBabies.id, { onDelete: "set null" }),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    kickOffsetsMs: jsonb("kick_offsets_ms").$type<number[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [index("kick_sessions_pregnancy_started_idx").on(t.pregnancyId, t.startedAt)],
);

/** One timed contraction; the interval is the time from the previous one's start. */
export const contractions = pgTable(
  "contractions",
  {
    id: uuid("id").primaryKey(),
    pregnancyId: pregnancyRef(),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contractions_pregnancy_started_idx").on(t.pregnancyId, t.startedAt)],
);

/** Quick logs of cravings and symptoms with a severity (1-5) and notes. */
export const healthLogs = pgTable(
  "health_logs",
  {
    id: uuid("id").primaryKey(),
    pregnancyId: pregnancyRef(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: healthLogKindEnum("kind").notNull(),
    name: text("name").notNull(),
    severity: smallint("severity"),
    notes: text("notes"),
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull(),
    /** The pregnancy week at loggedAt, for the timeline by week. */
    week: integer("week"),
    ...timestamps(),
  },
  (t) => [index("health_logs_pregnancy_kind_logged_idx").on(t.pregnancyId, t.kind, t.loggedAt)],
);

/** The pregnancy's birth plan: the guided form's answers by section. */
export const birthPlans = pgTable("birth_plans", {
  pregnancyId: uuid("pregnancy_id")
    .primaryKey()
    .references(() => pregnancies.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  ...timestamps(),
});

/** Hospital bag checklists for the parent, the partner and the baby. */
export const hospitalBagItems = pgTable(
  "hospital_bag_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: pregnancyRef(),
    owner: hospitalBagOwnerEnum("owner").notNull(),
    name: text("name").notNull(),
    /** The default list's key, null for custom items. */
    defaultKey: text("default_key"),
    isPacked: boolean("is_packed").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index("hospital_bag_items_pregnancy_owner_idx").on(t.pregnancyId, t.owner, t.displayOrder),
    uniqueIndex("hospital_bag_items_default_uq").on(t.pregnancyId, t.defaultKey),
  ],
);

/** Provider, hospital, doula, paediatrician and others, with what one tap needs (phone, address). */
export const medicalContacts = pgTable(
  "medical_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: pregnancyRef(),
    kind: medicalContactKindEnum("kind").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [index("medical_contacts_pregnancy_idx").on(t.pregnancyId)],
);

export const healthSupplementsRelations = relations(healthSupplements, ({ many }) => ({ doses: many(healthSupplementDoses) }));
export const healthSupplementDosesRelations = relations(healthSupplementDoses, ({ one }) => ({
  supplement: one(healthSupplements, { fields: [healthSupplementDoses.supplementId], references: [healthSupplements.id] }),
}));
