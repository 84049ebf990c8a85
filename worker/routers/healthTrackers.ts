import { z } from "zod";
import { dateOnlySchema } from "../../src/domain/dateSchema";
import { contractionSchema, HEALTH_SYNC_BATCH_MAX, kickSessionSchema, SUPPLEMENT_TEXT_MAX_LENGTH } from "../../src/domain/healthTrackers";
import { parentProcedure, router } from "../trpc/init";
import {
  addSupplement,
  listContractions,
  listKickSessions,
  listSupplements,
  removeContraction,
  removeKickSession,
  removeSupplement,
  setSupplementTaken,
  syncContractions,
  syncKickSessions,
  updateSupplement,
} from "../services/healthTrackers";
import { rawText } from "./inputs";

/** Editable supplement fields; on an update an absent field stays as it is and empty text clears it. */
const supplementFields = z.object({
  name: rawText(SUPPLEMENT_TEXT_MAX_LENGTH).optional(),
  dose: rawText(SUPPLEMENT_TEXT_MAX_LENGTH).optional(),
  timeOfDay: rawText(SUPPLEMENT_TEXT_MAX_LENGTH).optional(),
  isActive: z.boolean().optional(),
});
const supplementId = z.object({ supplementId: z.uuid() });

/**
 * The parents' trackers (issue 9): vitamins, kicks and contractions. All health data is private to
 * the parents, so every procedure is parent-only, whatever flags a guest holds.
 */
export const healthTrackersRouter = router({
  /** Each parent's own daily checklist. */
  vitamins: router({
    list: parentProcedure.query(({ ctx }) => listSupplements(ctx.caller)),
    add: parentProcedure
      .input(supplementFields.extend({ id: z.uuid(), name: rawText(SUPPLEMENT_TEXT_MAX_LENGTH) }))
      .mutation(({ ctx, input }) => addSupplement(ctx.caller, input)),
    update: parentProcedure.input(supplementFields.extend(supplementId.shape)).mutation(({ ctx, input }) => updateSupplement(ctx.caller, input)),
    remove: parentProcedure.input(supplementId).mutation(({ ctx, input }) => removeSupplement(ctx.caller, input.supplementId)),
    /** `day` is the person's local day. */
    setTaken: parentProcedure
      .input(supplementId.extend({ day: dateOnlySchema, taken: z.boolean() }))
      .mutation(({ ctx, input }) => setSupplementTaken(ctx.caller, input)),
  }),

  kicks: router({
    list: parentProcedure.query(({ ctx }) => listKickSessions(ctx.caller)),
    /** Finished sessions a device kept (offline or not), upserted by their ids. */
    sync: parentProcedure
      .input(z.object({ sessions: z.array(kickSessionSchema).min(1).max(HEALTH_SYNC_BATCH_MAX) }))
      .mutation(({ ctx, input }) => syncKickSessions(ctx.caller, input.sessions)),
    remove: parentProcedure.input(z.object({ sessionId: z.uuid() })).mutation(({ ctx, input }) => removeKickSession(ctx.caller, input.sessionId)),
  }),

  contractions: router({
    list: parentProcedure.query(({ ctx }) => listContractions(ctx.caller)),
    /** Finished contractions a device kept (offline or not), upserted by their ids. */
    sync: parentProcedure
      .input(z.object({ contractions: z.array(contractionSchema).min(1).max(HEALTH_SYNC_BATCH_MAX) }))
      .mutation(({ ctx, input }) => syncContractions(ctx.caller, input.contractions)),
    remove: parentProcedure.input(z.object({ contractionId: z.uuid() })).mutation(({ ctx, input }) => removeContraction(ctx.caller, input.contractionId)),
  }),
});
