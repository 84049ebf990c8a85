import { relations } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps, updatedAt } from "./columns";
import { pregnancies, pregnancyBabies } from "./pregnancy";

/** The spec's additional_predictions object (all optional). */
export type AdditionalPredictions = {
  hairColor?: string;
  eyeColor?: string;
  /** Display name of the player; the only name when a parent enters a guess for someone without an account. */
  playerName?: string;
  relationship?: string;
  weightPounds?: number;
  weightOunces?: number;
  /** The baby's name as guessed (not in the spec's list; the game scores it). */
  nameGuess?: string;
};

/** What actually happened, per baby, entered when the game is locked. */
export type BabyActualResult = {
  /** Pounds, decimal (pounds + ounces / 16). */
  weight?: number;
  /** Inches. */
  length?: number;
  /** YYYY-MM-DD. */
  date?: string;
  /** HH:mm:ss. */
  time?: string;
  hairColor?: string;
  eyeColor?: string;
  /** The name the baby was given. */
  name?: string;
};
/** Keyed by pregnancy_babies.id. */
export type BabyGameActualResults = Record<string, BabyActualResult>;

export const babyPredictions = pgTable(
  "baby_predictions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    babyId: uuid("baby_id")
      .notNull()
      .references(() => pregnancyBabies.id, { onDelete: "cascade" }),
    // Null when a parent enters a guess on behalf of someone without an account (name in
    // additional_predictions.playerName). Set null as a backstop: deleting an account deletes the
    // player's own guesses first (worker/services/accountDeletion.ts).
    predictorId: text("predictor_id").references(() => users.id, { onDelete: "set null" }),
    /** Who typed it in (the predictor, or a parent entering for someone else). */
    enteredBy: text("entered_by").references(() => users.id, { onDelete: "set null" }),
    /** Pounds, decimal (pounds + ounces / 16). */
    predictedWeight: numeric("predicted_weight", { precision: 7, scale: 4, mode: "number" }),
    /** Inches. */
    predictedLength: numeric("predicted_length", { precision: 5, scale: 2, mode: "number" }),
    predictedDate: date("predicted_date", { mode: "string" }),
    predictedTime: time("predicted_time"),
    additionalPredictions: jsonb("additional_predictions").$type<AdditionalPredictions>(),
    ...timestamps(),
  },
  (t) => [
    // One guess per account holder per baby (NULL predictors are distinct, so on-behalf guesses are free).
    uniqueIndex("baby_predictions_baby_predictor_uq").on(t.babyId, t.predictorId),
    index("baby_predictions_pregnancy_created_idx").on(t.pregnancyId, t.createdAt),
  ],
);

export const babyGameState = pgTable("baby_game_state", {
  pregnancyId: uuid("pregnancy_id")
    .primaryKey()
    .references(() => pregnancies.id, { onDelete: "cascade" }),
  isLocked: boolean("is_locked").notNull().default(false),
  actualResults: jsonb("actual_results").$type<BabyGameActualResults>(),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  lockedBy: text("locked_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const babyPredictionsRelations = relations(babyPredictions, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [babyPredictions.pregnancyId], references: [pregnancies.id] }),
  baby: one(pregnancyBabies, { fields: [babyPredictions.babyId], references: [pregnancyBabies.id] }),
  predictor: one(users, {
    fields: [babyPredictions.predictorId],
    references: [users.id],
    relationName: "baby_prediction_predictor",
  }),
  enteredByUser: one(users, {
    fields: [babyPredictions.enteredBy],
    references: [users.id],
    relationName: "baby_prediction_entered_by",
  }),
}));

export const babyGameStateRelations = relations(babyGameState, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [babyGameState.pregnancyId], references: [pregnancies.id] }),
}));
