import { z } from "zod";
import { guestPrivacyLevelSchema } from "../../src/domain/audience";
import { LOSS_MESSAGE_MAX_LENGTH, lossMemoriesSchema } from "../../src/domain/pregnancyLoss";
import { NOTES_MAX_LENGTH } from "../../src/domain/textLimits";
import { parentProcedure, router } from "../trpc/init";
import { rawText } from "./inputs";
import { cancelCelebration, dismissLossNotice, lossOverview, recordLoss, refundLossMonth, setLossMemories, tellFamily, undoLoss } from "../services/pregnancyLoss";

/** A loss is the parents' to record, undo and tell (issue 38); guests and strangers are refused by parentProcedure. */
const parentAfterLoss = parentProcedure.meta({ access: "parent", runsWhenReadOnly: true });

export const pregnancyLossRouter = router({
  /** The Settings page: what was recorded, the babies, who can be told, celebrations, memories and billing. */
  overview: parentProcedure.query(({ ctx }) => lossOverview(ctx.caller)),

  /** For the pregnancy, or (babyId) one baby of several. */
  record: parentAfterLoss.input(z.object({ babyId: z.uuid().optional() })).mutation(({ ctx, input }) => recordLoss(ctx.caller, input)),

  /** Within 14 days of recording. */
  undo: parentAfterLoss.input(z.object({ lossId: z.uuid() })).mutation(({ ctx, input }) => undoLoss(ctx.caller, input.lossId)),

  setMemories: parentAfterLoss.input(z.object({ memories: lossMemoriesSchema })).mutation(({ ctx, input }) => setLossMemories(ctx.caller, input.memories)),

  tell: parentProcedure
    .input(
      z.object({
        content: rawText(LOSS_MESSAGE_MAX_LENGTH),
        circles: z.array(guestPrivacyLevelSchema).max(8),
        userIds: z.array(z.string().max(255)).max(500),
        inApp: z.boolean(),
        byMail: z.boolean(),
        noReplies: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => tellFamily(ctx.caller, input)),

  cancelCelebration: parentProcedure
    .input(z.object({ eventId: z.uuid(), tellInvited: z.boolean(), note: rawText(NOTES_MAX_LENGTH).optional() }))
    .mutation(({ ctx, input }) => cancelCelebration(ctx.caller, input)),

  /** The payer alone (checked in the service): the owner's account, whoever recorded the loss. */
  refund: parentAfterLoss.mutation(({ ctx }) => refundLossMonth(ctx.caller)),

  dismissNotice: parentAfterLoss.input(z.object({ lossId: z.uuid() })).mutation(({ ctx, input }) => dismissLossNotice(ctx.caller, input.lossId)),
});
