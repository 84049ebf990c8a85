import { z } from "zod";
import { otpCodeSchema } from "../../src/domain/auth";
import { confirmedEmailProcedure, limitCalls, parentProcedure, publicProcedure, router, signedInProcedure } from "../trpc/init";
import { emailInput, partnerInviteeSchema } from "./inputs";
import { invitePartner, linkPartnerAccount, partnerInvitationForMe, sendPartnerCode, verifyPartnerCode, verifyPartnerEmail } from "../services/partners";


/** The invitation a public partner call names, as its rate limits count it. */
const invitationSubject = (input: { email: string; pregnancyId?: string }) => `invitation:${input.email.trim().toLowerCase()}:${input.pregnancyId ?? "any"}`;

export const partnersRouter = router({
  invite: parentProcedure
    .input(partnerInviteeSchema)
    .mutation(({ ctx, input }) => invitePartner(ctx.caller, input)),

  /** secure-partner-invitation/verify-email: step 1 of /invited-partner, before any account exists. */
  verifyEmail: publicProcedure.input(z.object({ email: emailInput })).mutation(async ({ ctx, input }) => {
    await limitCalls(ctx, "partnerLookup", [invitationSubject(input)]);
    return verifyPartnerEmail(ctx, input.email);
  }),

  sendCode: publicProcedure.input(z.object({ email: emailInput, pregnancyId: z.uuid() })).mutation(async ({ ctx, input }) => {
    await limitCalls(ctx, "partnerSendCode", [invitationSubject(input)]);
    return sendPartnerCode(ctx, input);
  }),

  verifyCode: publicProcedure.input(z.object({ email: emailInput, pregnancyId: z.uuid(), code: otpCodeSchema })).mutation(async ({ ctx, input }) => {
    await limitCalls(ctx, "partnerVerifyCode", [invitationSubject(input)]);
    return verifyPartnerCode(ctx, input);
  }),

  /** After sign-in: a partner invitation waiting for this account's email, to verify at /partner/verify (onboarding spec 4). */
  pendingForMe: signedInProcedure.input(z.object({ pregnancyId: z.uuid() }).optional()).query(({ ctx, input }) => partnerInvitationForMe(ctx.caller, input?.pregnancyId)),

  /** The invitation's email must be the caller's, proven: the owner's code vouches for the person, not for the mailbox. */
  link: confirmedEmailProcedure.input(z.object({ participantId: z.uuid() })).mutation(({ ctx, input }) => linkPartnerAccount(ctx.caller, input.participantId)),
});
