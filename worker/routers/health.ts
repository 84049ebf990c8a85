import { z } from "zod";
import { HEALTH_SYNC_BATCH_MAX, SUPPLEMENT_TEXT_MAX_LENGTH } from "../../src/domain/constants";
import { dateOnlySchema } from "../../src/domain/dateSchema";
import { contractionSchema, kickSessionSchema } from "../../src/domain/health";
import type { PregnancyAccess } from "../trpc/access";
import { parentProcedure, router, type Context } from "../trpc/init";
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
  type HealthCaller,
} from "./health.service";
import { rawText } from "./inputs";

type PregnancyContext = Context & { user: { id: string }; pregnancy: PregnancyAccess };

const callerOf = (ctx: PregnancyContext): HealthCaller => ({
  db: ctx.db,
  env: ctx.env,
  waitUntil: (promise) => ctx.executionCtx.waitUntil(promise),
  pregnancyId: ctx.pregnancy.id,
  userId: ctx.user.id,
});

/** Editable supplement fields; on an update an absent field stays as it is and empty text clears it. */
const supplementFields = z.object({
  name: rawText(SUPPLEMENT_TEXT_MAX_LENGTH).optional(),
  dose: rawText(SUPPLEMENT_TEXT_MAX_LENGTH).optional(),
  timeOfDay: rawText(SUPPLEMENT_TEXT_MAX_LENGTH).optional(),
  isActive: z.boolean().optional(),
});
const supplementId = z.object({ supplementId: z.uuid() });

/**
 * The parents' trackers (issue 9): all health data is private to the parents, so every procedure
 * is parent-only, whatever flags a guest holds. The lead mounts these beside the other health
 * tools as `health: router({ ...healthTrackerRoutes, ... })`.
 */
export const healthTrackerRoutes = {
  /** Each parent's own daily checklist. */
  vitamins: router({
    list: parentProcedure.query(({ ctx }) => listSupplements(ctx.db, ctx.pregnancy.id, ctx.user.id)),
    add: parentProcedure
      .input(supplementFields.extend({ id: z.uuid(), name: rawText(SUPPLEMENT_TEXT_MAX_LENGTH) }))
      .mutation(({ ctx, input }) => addSupplement(callerOf(ctx), input)),
    update: parentProcedure.input(supplementFields.extend(supplementId.shape)).mutation(({ ctx, input }) => updateSupplement(callerOf(ctx), input.supplementId, input)),
    remove: parentProcedure.input(supplementId).mutation(({ ctx, input }) => removeSupplement(callerOf(ctx), input.supplementId)),
    /** `day` is the person's local day. */
    setTaken: parentProcedure
      .input(supplementId.extend({ day: dateOnlySchema, taken: z.boolean() }))
      .mutation(({ ctx, input }) => setSupplementTaken(callerOf(ctx), input.supplementId, input.day, input.taken)),
  }),

  kicks: router({
    list: parentProcedure.query(({ ctx }) => listKickSessions(ctx.db, ctx.pregnancy.id)),
    /** Finished sessions a device kept (offline or not), upserted by their ids. */
    sync: parentProcedure
      .input(z.object({ sessions: z.array(kickSessionSchema).min(1).max(HEALTH_SYNC_BATCH_MAX) }))
      .mutation(({ ctx, input }) => syncKickSessions(callerOf(ctx), input.sessions)),
    remove: parentProcedure.input(z.object({ sessionId: z.uuid() })).mutation(({ ctx, input }) => removeKickSession(callerOf(ctx), input.sessionId)),
  }),

  contractions: router({
    list: parentProcedure.query(({ ctx }) => listContractions(ctx.db, ctx.pregnancy.id)),
    /** Finished contractions a device kept (offline or not), upserted by their ids. */
    sync: parentProcedure
      .input(z.object({ contractions: z.array(contractionSchema).min(1).max(HEALTH_SYNC_BATCH_MAX) }))
      .mutation(({ ctx, input }) => syncContractions(callerOf(ctx), input.contractions)),
    remove: parentProcedure.input(z.object({ contractionId: z.uuid() })).mutation(({ ctx, input }) => removeContraction(callerOf(ctx), input.contractionId)),
  }),
};
