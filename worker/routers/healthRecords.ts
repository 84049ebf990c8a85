import { z } from "zod";
import { HEALTH_LOG_KINDS, HOSPITAL_BAG_OWNERS } from "../../src/domain/enums";
import { birthPlanAnswersSchema, healthLogSyncSchema, hospitalBagItemNameSchema, medicalContactSchema } from "../../src/domain/healthRecords";
import type { PregnancyAccess } from "../trpc/access";
import { parentProcedure, router, type Context } from "../trpc/init";
import {
  addBagItem,
  createMedicalContact,
  deleteBagItem,
  deleteLog,
  deleteMedicalContact,
  getBirthPlan,
  listBagItems,
  listLogs,
  listMedicalContacts,
  restoreSuggestedItems,
  saveBirthPlan,
  syncLogs,
  updateBagItem,
  updateMedicalContact,
  type HealthCaller,
} from "./healthRecords.service";

type ParentContext = Context & { user: { id: string }; pregnancy: PregnancyAccess };

const callerOf = (ctx: ParentContext): HealthCaller => ({ db: ctx.db, viewer: ctx.pregnancy, userId: ctx.user.id });

const logId = z.object({ logId: z.uuid() });
const itemId = z.object({ itemId: z.uuid() });
const contactId = z.object({ contactId: z.uuid() });

/**
 * Cravings and symptoms, birth plan, hospital bag and medical contacts (issue 9). All of it is
 * the parents' alone: every procedure is a parent's (owner or partner, in parent mode), whatever
 * flags a guest holds. A plain object of routers, so the health router can hold them beside the
 * trackers' (vitamins, kicks, contractions).
 */
export const healthRecordRoutes = {
  logs: router({
    /** One kind for its page; both for the provider's summary. */
    list: parentProcedure.input(z.object({ kind: z.enum(HEALTH_LOG_KINDS).optional() })).query(({ ctx, input }) => listLogs(ctx.db, ctx.pregnancy.id, input.kind)),
    /** Logs made by the client with their own ids: a retried or offline sync stores each once. */
    sync: parentProcedure.input(healthLogSyncSchema).mutation(({ ctx, input }) => syncLogs(callerOf(ctx), input.logs)),
    delete: parentProcedure.input(logId).mutation(({ ctx, input }) => deleteLog(callerOf(ctx), input.logId)),
  }),

  birthPlan: router({
    get: parentProcedure.query(({ ctx }) => getBirthPlan(ctx.db, ctx.pregnancy.id)),
    save: parentProcedure.input(z.object({ answers: birthPlanAnswersSchema })).mutation(({ ctx, input }) => saveBirthPlan(callerOf(ctx), input.answers)),
  }),

  hospitalBag: router({
    /** The first open fills the lists with the suggested items. */
    list: parentProcedure.query(({ ctx }) => listBagItems(ctx.db, ctx.pregnancy)),
    add: parentProcedure
      .input(z.object({ id: z.uuid(), owner: z.enum(HOSPITAL_BAG_OWNERS), name: hospitalBagItemNameSchema }))
      .mutation(({ ctx, input }) => addBagItem(callerOf(ctx), input)),
    update: parentProcedure
      .input(itemId.extend({ isPacked: z.boolean().optional(), name: hospitalBagItemNameSchema.optional() }))
      .mutation(({ ctx, input }) => updateBagItem(callerOf(ctx), input.itemId, input)),
    delete: parentProcedure.input(itemId).mutation(({ ctx, input }) => deleteBagItem(callerOf(ctx), input.itemId)),
    restoreSuggested: parentProcedure.mutation(({ ctx }) => restoreSuggestedItems(callerOf(ctx))),
  }),

  medicalContacts: router({
    list: parentProcedure.query(({ ctx }) => listMedicalContacts(ctx.db, ctx.pregnancy.id)),
    /** `id` is made by the client, so a retried create stays one contact. */
    create: parentProcedure.input(medicalContactSchema.extend({ id: z.uuid() })).mutation(({ ctx, input }) => createMedicalContact(callerOf(ctx), input)),
    update: parentProcedure.input(medicalContactSchema.extend(contactId.shape)).mutation(({ ctx, input }) => updateMedicalContact(callerOf(ctx), input.contactId, input)),
    delete: parentProcedure.input(contactId).mutation(({ ctx, input }) => deleteMedicalContact(callerOf(ctx), input.contactId)),
  }),
};
