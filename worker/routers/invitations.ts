import { z } from "zod";
import { GUEST_PRIVACY_LEVELS, GUEST_RELATIONSHIPS } from "../../src/domain/enums";
import { DEFAULT_GUEST_PRIVACY_LEVEL } from "../../src/domain/audience";
import { confirmedEmailProcedure, flaggedProcedure, parentProcedure, rateLimited, router, signedInProcedure } from "../trpc/init";
import { acceptInvitation, inviteGuest, joinPregnancyWithCode, openInvitation, resendInvitation, revokeInvitation } from "../services/invitations";
import { COMMENT_MAX_LENGTH, NAME_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

const participant = z.object({ participantId: z.uuid() });
const name = z.string().trim().min(1).max(NAME_MAX_LENGTH);
/** The invitation token, from the link or typed as the invitation code. */
const invitationCode = z.string().trim().min(1).max(NAME_MAX_LENGTH);

export const invitationsRouter = router({
  /**
   * secure-guest-invitation: parents (and guests trusted with canInviteGuests) invite a guest by
   * email; a guest at their own level or farther, granting no flag they lack.
   */
  inviteGuest: flaggedProcedure("canInviteGuests")
    .input(
      z.object({
        email: z.email().max(NAME_MAX_LENGTH * 3),
        firstName: name,
        // The spec requires only a first name and an email of an invited guest (onboarding spec 5).
        lastName: z.string().trim().max(NAME_MAX_LENGTH).default(""),
        title: z.string().max(TITLE_MAX_LENGTH).optional(),
        relationship: z.enum(GUEST_RELATIONSHIPS).optional(),
        privacyLevel: z.enum(GUEST_PRIVACY_LEVELS).default(DEFAULT_GUEST_PRIVACY_LEVEL),
        personalMessage: z.string().max(COMMENT_MAX_LENGTH * 2).optional(),
      }),
    )
    .mutation(({ ctx, input }) => inviteGuest(ctx.caller, input)),

  /** secure-guest-invitation/link-account: the invited person, signed in with a confirmed email, takes the invitation. */
  accept: confirmedEmailProcedure.use(rateLimited("invitationToken")).input(z.object({ token: invitationCode })).mutation(({ ctx, input }) => acceptInvitation(ctx.caller, input.token)),

  /**
   * An invitation link opened while signed in: joins (or, before the email is confirmed, waits for
   * it), else says exactly why not. The confirmation itself is checked inside: taking needs the proven mailbox.
   */
  open: signedInProcedure.use(rateLimited("invitationToken")).input(z.object({ token: invitationCode })).mutation(({ ctx, input }) => openInvitation(ctx.caller, input.token)),

  /** join_pregnancy_with_code: the same invitation, taken by typing its code (guest signup). */
  joinByCode: confirmedEmailProcedure.use(rateLimited("invitationToken")).input(z.object({ code: invitationCode })).mutation(({ ctx, input }) => joinPregnancyWithCode(ctx.caller, input.code)),

  resend: parentProcedure
    .input(participant)
    .mutation(({ ctx, input }) => resendInvitation(ctx.caller, input)),

  revoke: parentProcedure.input(participant).mutation(({ ctx, input }) => revokeInvitation(ctx.caller, input.participantId)),
});
