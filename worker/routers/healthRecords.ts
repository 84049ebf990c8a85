import { z } from "zod";
import { HEALTH_LOG_KINDS, HOSPITAL_BAG_OWNERS } from "../../src/domain/enums";
import { parentProcedure, router } from "../trpc/init";
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
} from "../services/healthRecords";
import { birthPlanAnswersSchema } from "../../src/domain/birthPlan";
import { healthLogSyncSchema } from "../../src/domain/healthLogs";
import { hospitalBagItemNameSchema } from "../../src/domain/hospitalBag";
import { medicalContactSchema } from "../../src/domain/medicalContacts";

const logId = z.object({ logId: z.uuid() });
const itemId = z.object({ itemId: z.uuid() });
const contactId = z.object({ contactId: z.uuid() });

/**
 * Cravings and symptoms, birth plan, hospital bag and medical contacts (issue 9). All of it is
 * the parents' alone: every procedure is a parent's (owner or partner, in parent mode), whatever
 * flags a guest holds.
 */
export const healthRecordsRouter = router({
  logs: router({
    /** One kind for its page; both for the provider's summary. */
    list: parentProcedure.input(z.object({ kind: z.enum(HEALTH_LOG_KINDS).optional() })).query(({ ctx, input }) => listLogs(ctx.caller, input.kind)),
    /** Logs made by the client with their own ids: a retried or offline sync stores each once. */
    sync: parentProcedure.input(healthLogSyncSchema).mutation(({ ctx, input }) => syncLogs(ctx.caller, input.logs)),
    delete: parentProcedure.input(logId).mutation(({ ctx, input }) => deleteLog(ctx.caller, input.logId)),
  }),

  birthPlan: router({
    get: parentProcedure.query(({ ctx }) => getBirthPlan(ctx.caller)),
    save: parentProcedure.input(z.object({ answers: birthPlanAnswersSchema })).mutation(({ ctx, input }) => saveBirthPlan(ctx.caller, input.answers)),
  }),

  hospitalBag: router({
    /** The first open fills the lists with the suggested items. */
    list: parentProcedure.query(({ ctx }) => listBagItems(ctx.caller)),
    add: parentProcedure
      .input(z.object({ id: z.uuid(), owner: z.enum(HOSPITAL_BAG_OWNERS), name: hospitalBagItemNameSchema }))
      .mutation(({ ctx, input }) => addBagItem(ctx.caller, input)),
    update: parentProcedure
      .input(itemId.extend({ isPacked: z.boolean().optional(), name: hospitalBagItemNameSchema.optional() }))
      .mutation(({ ctx, input }) => updateBagItem(ctx.caller, input)),
    delete: parentProcedure.input(itemId).mutation(({ ctx, input }) => deleteBagItem(ctx.caller, input.itemId)),
    restoreSuggested: parentProcedure.mutation(({ ctx }) => restoreSuggestedItems(ctx.caller)),
  }),

  medicalContacts: router({
    list: parentProcedure.query(({ ctx }) => listMedicalContacts(ctx.caller)),
    /** `id` is made by the client, so a retried create stays one contact. */
    create: parentProcedure.input(medicalContactSchema.extend({ id: z.uuid() })).mutation(({ ctx, input }) => createMedicalContact(ctx.caller, input)),
    update: parentProcedure.input(medicalContactSchema.extend(contactId.shape)).mutation(({ ctx, input }) => updateMedicalContact(ctx.caller, input)),
    delete: parentProcedure.input(contactId).mutation(({ ctx, input }) => deleteMedicalContact(ctx.caller, input.contactId)),
  }),
});
