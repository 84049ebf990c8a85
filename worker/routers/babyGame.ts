import { z } from "zod";
import { BABY_GAME_NAME_MAX_LENGTH, birthDetailsSchema } from "../../src/domain/babyGame";
import { GUEST_RELATIONSHIPS } from "../../src/domain/enums";
import { flaggedProcedure, parentProcedure, router } from "../trpc/init";
import { enterPredictionFor, gameState, leaderboard, listPredictions, lockGame, removePrediction, submitPrediction, unlockGame, updatePrediction } from "../services/babyGame";
import { rawText } from "./inputs";
import { MAX_SETUP_BABIES } from "../../src/domain/pregnancy";

const predictionId = z.object({ predictionId: z.uuid() });

/**
 * Playing needs canPlayBabyGame (parents have every flag); the parents run the game: they lock it
 * with the actual results, unlock it, enter guesses for people without an account and remove them.
 * While the game is locked every guess write is refused (GAME_LOCKED); once every baby is here,
 * every new or changed guess too (GAME_CLOSED), and the parents score it from the births.
 */
const playProcedure = flaggedProcedure("canPlayBabyGame");

export const babyGameRouter = router({
  /** The babies, whether the game is locked (and then the actual results) or closed by the births (and then, for parents, the results the births give). */
  state: playProcedure.query(({ ctx }) => gameState(ctx.caller)),

  /** Guesses oldest first; a guest sees others' guesses for a baby only after guessing about it themselves. */
  predictions: playProcedure.query(({ ctx }) => listPredictions(ctx.caller)),

  /** The caller's own guess for a baby: inserted the first time, updated after (answer says which). */
  submit: playProcedure.input(z.object({ babyId: z.uuid(), details: birthDetailsSchema })).mutation(({ ctx, input }) => submitPrediction(ctx.caller, input)),

  /** A guess changed by id: the caller's own, or (for a parent) one entered for someone without an account. */
  update: playProcedure.input(predictionId.extend({ details: birthDetailsSchema })).mutation(({ ctx, input }) => updatePrediction(ctx.caller, input)),

  /** A parent enters a guess for someone without an account; `id` is made by the client so a retry stays one guess. */
  enterFor: parentProcedure
    .input(
      z.object({
        id: z.uuid(),
        babyId: z.uuid(),
        playerName: rawText(BABY_GAME_NAME_MAX_LENGTH),
        relationship: z.enum(GUEST_RELATIONSHIPS).optional(),
        details: birthDetailsSchema,
      }),
    )
    .mutation(({ ctx, input }) => enterPredictionFor(ctx.caller, input)),

  remove: parentProcedure.input(predictionId).mutation(({ ctx, input }) => removePrediction(ctx.caller, input.predictionId)),

  /** Locks the game with what actually happened, one result per baby; locking again corrects them. */
  lock: parentProcedure
    .input(z.object({ results: z.array(z.object({ babyId: z.uuid(), details: birthDetailsSchema })).min(1).max(MAX_SETUP_BABIES) }))
    .mutation(({ ctx, input }) => lockGame(ctx.caller, input.results)),

  unlock: parentProcedure.mutation(({ ctx }) => unlockGame(ctx.caller)),

  /** Every player ranked by points, overall and per baby, once the game is locked. */
  leaderboard: playProcedure.query(({ ctx }) => leaderboard(ctx.caller)),
});
