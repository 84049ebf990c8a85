import { z } from "zod";
import { dateOnlySchema } from "../../src/domain/dateSchema";
import { BABY_COLORS, BABY_GENDERS } from "../../src/domain/enums";
import { flaggedProcedure, ownerProcedure, parentProcedure, participantProcedure, router, signedInProcedure } from "../trpc/init";
import { partnerInviteeSchema, rawText } from "./inputs";
import { accessSummary, addBaby, completePregnancySetup, createPregnancyComplete, familyOverview, listMyPregnancies, listParticipants, pregnancyDetails, pregnancySetupStatus, updateBaby, updatePregnancy } from "../services/pregnancy";
import { MAX_SETUP_BABIES } from "../../src/domain/pregnancy";
import { closedPregnanciesOwned, deleteOwnedPregnancy } from "../services/pregnancyDeletion";
import { handOverOwnership } from "../services/pregnancyHandOver";
import { dismissClosingNotice } from "../services/pregnancyClosing";
import { dismissServiceEndNotice } from "../services/serviceEnd";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";
import { timeZoneSchema } from "../../src/domain/timeZones";

/** Raw text is bounded before sanitising so a huge payload costs nothing. */
const titleText = rawText(TITLE_MAX_LENGTH);

export const pregnancyRouter = router({
  /**
   * The caller's pregnancies (core spec 4): the active pregnancy for a parent, and the guest
   * pregnancies with the one selected by `preg`, a stored choice, or the soonest due date.
   */
  mine: signedInProcedure
    .input(
      z
        .object({
          preg: z.uuid().optional(),
          storedChoice: z.object({ id: z.uuid(), ts: z.number().int().nonnegative() }).optional(),
        })
        .optional(),
    )
    .query(({ ctx, input }) => listMyPregnancies(ctx.caller, input)),

  /** create_pregnancy_complete: the paid-for pregnancy with its owner, babies and partner invitation, all or nothing. */
  createComplete: signedInProcedure
    .input(
      z.object({
        pregnancy: z.object({ title: titleText.optional(), dueDate: dateOnlySchema.optional(), lastMenstrualPeriod: dateOnlySchema.optional(), timeZone: timeZoneSchema.optional() }),
        partner: partnerInviteeSchema.optional(),
        babies: z.array(z.object({ name: titleText.optional(), gender: z.enum(BABY_GENDERS) })).max(MAX_SETUP_BABIES).optional(),
        isGuestConversion: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => createPregnancyComplete(ctx.caller, input)),

  /** /setup-pregnancy's gate: the caller's subscription and the pregnancy they are setting up, if any. */
  setupStatus: signedInProcedure.query(({ ctx }) => pregnancySetupStatus(ctx.caller)),

  /** The last step of /setup-pregnancy is done. */
  completeSetup: parentProcedure.mutation(({ ctx }) => completePregnancySetup(ctx.caller)),

  /** Role, effective permissions and subscription state of the caller in this pregnancy. */
  access: participantProcedure.query(({ ctx }) => accessSummary(ctx.caller)),

  details: participantProcedure.query(({ ctx }) => pregnancyDetails(ctx.caller)),

  update: parentProcedure
    .input(
      z.object({
        title: titleText.optional(),
        dates: z.union([z.object({ dueDate: dateOnlySchema }), z.object({ lastMenstrualPeriod: dateOnlySchema })]).optional(),
        timeZone: timeZoneSchema.optional(),
      }),
    )
    .mutation(({ ctx, input }) => updatePregnancy(ctx.caller, input)),

  addBaby: parentProcedure
    .input(z.object({ name: titleText.optional(), gender: z.enum(BABY_GENDERS).default("unknown"), color: z.enum(BABY_COLORS).optional() }))
    .mutation(({ ctx, input }) => addBaby(ctx.caller, input)),

  updateBaby: parentProcedure
    .input(z.object({ babyId: z.uuid(), name: titleText.optional(), gender: z.enum(BABY_GENDERS).optional(), color: z.enum(BABY_COLORS).nullable().optional() }))
    .mutation(({ ctx, input }) => updateBaby(ctx.caller, input)),

  /** Settings' view of the pregnancy and its family, for parents and guests trusted with canViewSettings. */
  familyOverview: flaggedProcedure("canViewSettings").query(({ ctx }) => familyOverview(ctx.caller)),

  /** get_pregnancy_participants_safe: who takes part, for those allowed to see contacts. */
  participants: flaggedProcedure("canViewContacts").query(({ ctx }) => listParticipants(ctx.caller)),

  /**
   * The owner deletes the pregnancy for everyone, typing its title to confirm. Let through in
   * read-only state with the hand-over: after the service end these are the owner's two ways out
   * (to delete their account, say), and neither adds anything to the pregnancy. Deleting also
   * reaches a closed (cancelled) pregnancy: its owner must not have to wait years for it to go.
   */
  delete: ownerProcedure
    .meta({ access: "owner", runsWhenReadOnly: true, runsWhenClosed: true })
    .input(z.object({ confirmTitle: titleText }))
    .mutation(({ ctx, input }) => deleteOwnedPregnancy(ctx.caller, input)),

  /** The cancelled pregnancies the caller owns, each still theirs to delete. */
  closedOwned: signedInProcedure.query(({ ctx }) => closedPregnanciesOwned(ctx.caller)),

  /** The caller read that a pregnancy they were in was closed (the notices come with account.modeContext). */
  dismissClosingNotice: signedInProcedure.input(z.object({ noticeId: z.uuid() })).mutation(({ ctx, input }) => dismissClosingNotice(ctx.caller, input.noticeId)),

  /** The parent read that the service ends soon (the notices come with account.modeContext). */
  dismissServiceEndNotice: signedInProcedure.input(z.object({ noticeId: z.uuid() })).mutation(({ ctx, input }) => dismissServiceEndNotice(ctx.caller, input.noticeId)),

  /** The owner makes the pregnancy's partner its owner (and becomes the partner). */
  handOver: ownerProcedure
    .meta({ access: "owner", runsWhenReadOnly: true })
    .input(z.object({ participantId: z.uuid() })).mutation(({ ctx, input }) => handOverOwnership(ctx.caller, input)),
});
