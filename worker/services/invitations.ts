import { and, eq, or, sql } from "drizzle-orm";
import { addDays, todayIso } from "../../src/domain/dates";
import type { GuestPrivacyLevel, GuestRelationship } from "../../src/domain/enums";
import { invitedGuestPermissions, mayInviteAtLevel } from "../../src/domain/permissions";
import { sanitizeComment, sanitizeTitle } from "../../src/domain/sanitize";
import type { Db } from "../db";
import { invitationTracking, pregnancies, pregnancyParticipants, users } from "../db/schema";
import { composeMail } from "../infra/mailer";
import type { PregnancyCaller, UserCaller } from "./caller";
import { AppError, assertInPregnancy } from "./errors";
import { logEvent } from "../infra/log";
import { INVITE_LEVEL_NOT_ALLOWED_MESSAGE } from "../../src/domain/audience";
import { SIGN_IN_MESSAGES } from "../../src/domain/auth";
import { INVITATION_REFUSALS, INVITATION_WAITS_FOR_CONFIRMATION, invitationRefusal, type InvitationRefusal } from "../../src/domain/invitationClaims";
import { claimInvitation, joinClaimedInvitations } from "./invitationClaims";

/** Ours: a pending invitation link stays valid this long after it is (re)sent. */
export const INVITATION_VALID_DAYS = 14;

async function findPendingInvitation(db: Db, pregnancyId: string, participantId: string) {
  const [row] = await db
    .select({
      id: pregnancyParticipants.id,
      pregnancyId: pregnancyParticipants.pregnancyId,
      status: pregnancyParticipants.status,
      role: pregnancyParticipants.role,
      invitedEmail: pregnancyParticipants.invitedEmail,
      invitedFirstName: pregnancyParticipants.invitedFirstName,
      invitedLastName: pregnancyParticipants.invitedLastName,
    })
    .from(pregnancyParticipants)
    .where(eq(pregnancyParticipants.id, participantId));
  const participant = assertInPregnancy(row, pregnancyId, "Invitation");
  if (participant.status !== "invited" || !participant.invitedEmail) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "This invitation was already accepted");
  return { ...participant, invitedEmail: participant.invitedEmail };
}

/**
 * The link an invited guest follows: /auth with the invite query the sign-in page understands. It
 * carries the invitee's own name and email for the account form: they reach only the invitee's
 * mailbox, and the page shows them with no request of its own (a public read by token would add
 * an endpoint to rate-limit and a round trip before the form is filled). The token makes the
 * address a secret one (src/domain/secretUrls.ts): never logged, never sent on as a Referer.
 */
export function invitationLink(origin: string, invite: { pregnancyId: string; email: string; firstName: string | null; lastName: string | null; inviter: string; token: string }): string {
  const url = new URL("/auth", origin);
  const names = { ...(invite.firstName ? { first_name: invite.firstName } : {}), ...(invite.lastName ? { last_name: invite.lastName } : {}) };
  url.search = new URLSearchParams({ invite_type: "guest", pregnancy_id: invite.pregnancyId, email: invite.email, ...names, inviter: invite.inviter, token: invite.token }).toString();
  return url.toString();
}

/**
 * Sends a fresh invitation link: earlier pending links stop working, the new one is valid for
 * INVITATION_VALID_DAYS. The link and its mail are stored together; the outbox delivers it.
 */
export async function resendInvitation(caller: PregnancyCaller, { participantId, personalMessage }: { participantId: string; personalMessage?: string | undefined }) {
  const { db, origin } = caller;
  const pregnancyId = caller.access.id;
  const inviterId = caller.user.id;
  const participant = await findPendingInvitation(db, pregnancyId, participantId);
  const [[pregnancy], [inviter]] = await Promise.all([
    db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)),
    db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, inviterId)),
  ]);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : "Your family";
  const title = pregnancy?.title ?? "their pregnancy";
  await db.transaction(async (tx) => {
    await tx
      .update(invitationTracking)
      .set({ status: "expired" })
      .where(and(eq(invitationTracking.participantId, participantId), eq(invitationTracking.status, "pending")));
    const [tracking] = await tx
      .insert(invitationTracking)
      .values({ participantId, personalMessage: personalMessage ?? null, expiresAt: new Date(`${addDays(todayIso(), INVITATION_VALID_DAYS)}T23:59:59Z`) })
      .returning({ token: invitationTracking.invitationToken });
    if (!tracking) throw new Error("invitation token was not stored");
    const token = tracking.token;
    // Recorded with the link it carries: a link that failed to store is never mailed, a stored one always is.
    await caller.mailer.send(
      composeMail(
        participant.invitedEmail,
        `${inviterName} invited you to follow ${title}`,
        [
          // After a loss the invitation names nothing of a baby on the way (issue 38).
          caller.access.endedInLoss
            ? `${inviterName} would like you to see what they share of ${title} on BabySteps: updates and photos.`
            : `${inviterName} would love for you to follow along with ${title} on BabySteps: shared updates and photos, RSVPs, the waiting room and the baby game.`,
          ...(personalMessage ? [`"${personalMessage}"`] : []),
          "Joining is free: accept the invitation below to create your guest account, or to sign in if you already have one.",
          // One call to action (the button); the code stays on its own line for typing at Guest signup (join_pregnancy_with_code).
          `Your invitation code: ${token}`,
          `The invitation works for ${INVITATION_VALID_DAYS} days.`,
        ],
        {
          label: "Accept the invitation",
          url: invitationLink(origin, { pregnancyId, email: participant.invitedEmail, firstName: participant.invitedFirstName, lastName: participant.invitedLastName, inviter: inviterName, token }),
        },
      ),
      { db: tx, topic: "invitation", key: `invitation:${token}` },
    );
  });
  return { sent: true as const };
}

/** Revoking deletes the pending participant; its invitation links die with it (cascade). */
export async function revokeInvitation(caller: PregnancyCaller, participantId: string) {
  const { db } = caller;
  await findPendingInvitation(db, caller.access.id, participantId);
  await db.delete(pregnancyParticipants).where(and(eq(pregnancyParticipants.id, participantId), eq(pregnancyParticipants.status, "invited")));
  return { revoked: true as const };
}

export interface GuestInvitation {
  email: string;
  firstName: string;
  lastName: string;
  title?: string | undefined;
  relationship?: GuestRelationship | undefined;
  privacyLevel: GuestPrivacyLevel;
  personalMessage?: string | undefined;
}

/**
 * secure-guest-invitation: an invited guest row with the guest defaults as its whole flag set, then
 * a single-use link by mail. Inviting someone already in the pregnancy (by email) is refused.
 */
export async function inviteGuest(caller: PregnancyCaller, invitation: GuestInvitation) {
  const { db, access: inviter } = caller;
  const pregnancyId = inviter.id;
  if (!mayInviteAtLevel(inviter, invitation.privacyLevel)) throw new AppError("FORBIDDEN", "PRIVACY_LEVEL_NOT_ALLOWED", INVITE_LEVEL_NOT_ALLOWED_MESSAGE);
  const email = invitation.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: pregnancyParticipants.id })
    .from(pregnancyParticipants)
    .leftJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), or(eq(sql`lower(${pregnancyParticipants.invitedEmail})`, email), eq(sql`lower(${users.email})`, email))))
    .limit(1);
  if (existing) throw new AppError("CONFLICT", "ALREADY_INVITED", "This person is already part of the pregnancy or invited");
  const [participant] = await db
    .insert(pregnancyParticipants)
    .values({
      pregnancyId,
      role: "guest",
      status: "invited",
      invitedEmail: email,
      invitedFirstName: sanitizeTitle(invitation.firstName),
      invitedLastName: sanitizeTitle(invitation.lastName) || null,
      title: invitation.title ? sanitizeTitle(invitation.title) || null : null,
      relationship: invitation.relationship ?? null,
      privacyLevel: invitation.privacyLevel,
      permissions: invitedGuestPermissions(inviter),
      invitedByUserId: caller.user.id,
    })
    .returning({ id: pregnancyParticipants.id });
  if (!participant) throw new Error("invited participant was not stored");
  const message = invitation.personalMessage ? sanitizeComment(invitation.personalMessage) : undefined;
  await resendInvitation(caller, { participantId: participant.id, personalMessage: message });
  return { success: true as const, participantId: participant.id };
}

/**
 * Links the signed-in account to the invitation behind a token. The token is single-use (the
 * pending → accepted update is conditional, so two concurrent uses cannot both win) and only the
 * invited email may use it.
 */
export async function acceptInvitation(caller: UserCaller, token: string) {
  const { db, user } = caller;
  const [invitation] = await db
    .select({
      trackingId: invitationTracking.id,
      status: invitationTracking.status,
      expiresAt: invitationTracking.expiresAt,
      participantId: pregnancyParticipants.id,
      pregnancyId: pregnancyParticipants.pregnancyId,
      invitedEmail: pregnancyParticipants.invitedEmail,
      participantUserId: pregnancyParticipants.userId,
      pregnancyTitle: pregnancies.title,
    })
    .from(invitationTracking)
    .innerJoin(pregnancyParticipants, eq(pregnancyParticipants.id, invitationTracking.participantId))
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(eq(invitationTracking.invitationToken, token));
  // Confirming the email already took the invitation this account claimed at sign-up (invitationClaims.ts).
  if (invitation?.participantUserId === user.id) return { success: true as const, participantId: invitation.participantId, pregnancyId: invitation.pregnancyId, pregnancyTitle: invitation.pregnancyTitle };
  const usable = invitation && invitation.status === "pending" && (!invitation.expiresAt || invitation.expiresAt.getTime() > Date.now());
  if (!usable) throw new AppError("NOT_FOUND", "INVITATION_NOT_FOUND", SIGN_IN_MESSAGES.invitationNotFound);
  if (invitation.invitedEmail?.toLowerCase() !== user.email.toLowerCase()) {
    logEvent("warn", "audit", { audit: "INVITATION_EMAIL_MISMATCH", userId: user.id, participantId: invitation.participantId });
    throw new AppError("FORBIDDEN", "INVITATION_EMAIL_MISMATCH", SIGN_IN_MESSAGES.invitationNotFound);
  }
  const [member] = await db
    .select({ id: pregnancyParticipants.id })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.pregnancyId, invitation.pregnancyId), eq(pregnancyParticipants.userId, user.id)));
  if (member) throw new AppError("CONFLICT", "ALREADY_MEMBER", "You already take part in this pregnancy");
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invitationTracking)
      .set({ status: "accepted", acceptedAt: new Date() })
      .where(and(eq(invitationTracking.id, invitation.trackingId), eq(invitationTracking.status, "pending")))
      .returning({ id: invitationTracking.id });
    if (!claimed) throw new AppError("NOT_FOUND", "INVITATION_NOT_FOUND", SIGN_IN_MESSAGES.invitationNotFound);
    await tx
      .update(pregnancyParticipants)
      .set({ userId: user.id, status: "active", joinedAt: new Date() })
      .where(eq(pregnancyParticipants.id, invitation.participantId));
    return { success: true as const, participantId: invitation.participantId, pregnancyId: invitation.pregnancyId, pregnancyTitle: invitation.pregnancyTitle };
  });
}

/**
 * join_pregnancy_with_code: the invitation code is the link's token, so typing it follows exactly
 * the link's rules (single use, unexpired, only the invited email). The invited row is promoted to
 * an active participant; the answer is in the spec's shape.
 */
export async function joinPregnancyWithCode(caller: UserCaller, code: string) {
  const joined = await acceptInvitation(caller, code);
  return {
    success: true as const,
    joined_via: "promotion" as const,
    state: "active" as const,
    participant_id: joined.participantId,
    pregnancy_id: joined.pregnancyId,
    pregnancy_title: joined.pregnancyTitle,
  };
}

const refused = (reason: InvitationRefusal) => new AppError(reason === "INVITATION_NOT_FOUND" ? "NOT_FOUND" : "FORBIDDEN", reason, INVITATION_REFUSALS[reason]);

/**
 * A guest invitation link opened by someone signed in: joined at once with a confirmed email, or
 * claimed until the email is confirmed; otherwise refused with exactly why (used, withdrawn,
 * expired, sent to another address). Opening one already taken by this account is no failure.
 */
export async function openInvitation(caller: UserCaller, token: string) {
  const { db, user, now } = caller;
  const [invitation] = await db
    .select({
      participantId: pregnancyParticipants.id,
      pregnancyId: pregnancyParticipants.pregnancyId,
      pregnancyTitle: pregnancies.title,
      participantStatus: pregnancyParticipants.status,
      participantUserId: pregnancyParticipants.userId,
      invitedEmail: pregnancyParticipants.invitedEmail,
      trackingStatus: invitationTracking.status,
      expiresAt: invitationTracking.expiresAt,
    })
    .from(invitationTracking)
    .innerJoin(pregnancyParticipants, eq(pregnancyParticipants.id, invitationTracking.participantId))
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(eq(invitationTracking.invitationToken, token));
  if (invitation?.participantUserId === user.id) return { state: "joined" as const, pregnancyId: invitation.pregnancyId, pregnancyTitle: invitation.pregnancyTitle };
  const reason = invitationRefusal(invitation, user.email, now);
  if (reason || !invitation) {
    if (reason === "INVITATION_EMAIL_MISMATCH") logEvent("warn", "audit", { audit: "INVITATION_EMAIL_MISMATCH", userId: user.id, participantId: invitation?.participantId });
    throw refused(reason ?? "INVITATION_NOT_FOUND");
  }
  await claimInvitation(db, user, { invitationToken: token }, now);
  if (!user.emailVerified) return { state: "waiting" as const, pregnancyId: invitation.pregnancyId, pregnancyTitle: invitation.pregnancyTitle, message: INVITATION_WAITS_FOR_CONFIRMATION(invitation.pregnancyTitle) };
  const joined = await joinClaimedInvitations(db, user, now);
  if (!joined.includes(invitation.pregnancyId)) throw new AppError("CONFLICT", "ALREADY_MEMBER", "You already take part in this pregnancy");
  return { state: "joined" as const, pregnancyId: invitation.pregnancyId, pregnancyTitle: invitation.pregnancyTitle };
}
