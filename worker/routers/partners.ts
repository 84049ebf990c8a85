import { z } from "zod";
import { NAME_MAX_LENGTH } from "../../src/domain/constants";
import { otpCodeSchema } from "../../src/domain/auth";
import { createMailer } from "../services/mailer";
import { confirmedEmailProcedure, limitCalls, parentProcedure, publicProcedure, router, signedInProcedure } from "../trpc/init";
import { findPartnerInvitation, invitePartner, linkPartnerAccount, pendingPartnerInvitation, sendPartnerCode, verifyPartnerCode } from "./partners.service";

const email = z.email().max(NAME_MAX_LENGTH * 3);
const name = z.string().trim().min(1).max(NAME_MAX_LENGTH);
/** Whom a partner invitation is for (also part of pregnancy setup). */
export const partnerInviteeSchema = z.object({ email, firstName: name, lastName: name });

/** The invitation a public partner call names, as its rate limits count it. */
const invitationSubject = (input: { email: string; pregnancyId?: string }) => `invitation:${input.email.trim().toLowerCase()}:${input.pregnancyId ?? "any"}`;

export const partnersRouter = router({
  invite: parentProcedure
    .input(partnerInviteeSchema)
    .mutation(({ ctx, input }) => invitePartner(ctx.db, createMailer(ctx.env, ctx.db), ctx.origin, ctx.pregnancy.id, ctx.user.id, input)),

  /**
   * secure-partner-invitation/verify-email: step 1 of /invited-partner, before any account exists.
   * Anyone may ask, so the answer is only what sending the code needs: the pregnancy's id.
   */
  verifyEmail: publicProcedure.input(z.object({ email })).mutation(async ({ ctx, input }) => {
    await limitCalls(ctx, "partnerLookup", [invitationSubject(input)]);
    const invitation = await findPartnerInvitation(ctx.db, input.email);
    return { success: true as const, invitation: { pregnancyId: invitation.pregnancyId } };
  }),

  sendCode: publicProcedure.input(z.object({ email, pregnancyId: z.uuid() })).mutation(async ({ ctx, input }) => {
    await limitCalls(ctx, "partnerSendCode", [invitationSubject(input)]);
    return sendPartnerCode(ctx.db, createMailer(ctx.env, ctx.db), input.email, input.pregnancyId);
  }),

  verifyCode: publicProcedure.input(z.object({ email, pregnancyId: z.uuid(), code: otpCodeSchema })).mutation(async ({ ctx, input }) => {
    await limitCalls(ctx, "partnerVerifyCode", [invitationSubject(input)]);
    return verifyPartnerCode(ctx.db, input.email, input.pregnancyId, input.code);
  }),

  /** After sign-in: a partner invitation waiting for this account's email, to verify at /partner/verify (onboarding spec 4). */
  pendingForMe: signedInProcedure.input(z.object({ pregnancyId: z.uuid() }).optional()).query(async ({ ctx, input }) => {
    const invitation = await pendingPartnerInvitation(ctx.db, ctx.user.email, input?.pregnancyId);
    return invitation ? { participantId: invitation.participantId, pregnancyTitle: invitation.pregnancyTitle } : null;
  }),

  /** The invitation's email must be the caller's, proven: the owner's code vouches for the person, not for the mailbox. */
  link: confirmedEmailProcedure.input(z.object({ participantId: z.uuid() })).mutation(({ ctx, input }) => linkPartnerAccount(ctx.db, ctx.user, input.participantId)),
});
