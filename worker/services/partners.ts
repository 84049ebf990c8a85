import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../db";
import { partnerVerifications, pregnancies, pregnancyParticipants, users } from "../db/schema";
import { maskEmail, PARTNER_CODE_RESEND_COOLDOWN_SECONDS, PARTNER_CODES_PER_HOUR, PARTNER_ERROR_MESSAGES, PARTNER_MESSAGES, type PartnerErrorCode } from "../../src/domain/partnerInvitation";
import { hashCode, randomCode } from "../infra/codes";
import { composeMail } from "../infra/mailer";
import { hitRateLimit } from "../infra/rateLimit";
import type { PregnancyCaller, RequestScope, UserCaller } from "./caller";
import { AppError } from "./errors";
import { MS_PER_SECOND, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from "../../src/domain/units";
import { OTP_ALLOWED_ATTEMPTS, OTP_EXPIRES_SECONDS } from "../../src/domain/authRules";

/** Ours: the spec shows the attempts left after a wrong code but no sentence before it. */
const INVALID_PARTNER_CODE_MESSAGE = "That code is not right.";

/** The code is stored only as a hash bound to the participant (never the code itself). */
const partnerError = (code: Exclude<PartnerErrorCode, "invalid_code">) =>
  new AppError(code === "invitation_not_found" ? "NOT_FOUND" : "FORBIDDEN", code, PARTNER_ERROR_MESSAGES[code]);

/**
 * The pending partner invitation for this email in this pregnancy (or in any, when no pregnancy is
 * named); a signed-in caller's read also checks their session (`sessionStands`, services/access.ts).
 */
async function pendingPartnerInvitation(db: Db, email: string, pregnancyId?: string, sessionStands?: SQL) {
  const [row] = await db
    .select({
      participantId: pregnancyParticipants.id,
      pregnancyId: pregnancyParticipants.pregnancyId,
      pregnancyTitle: pregnancies.title,
      invitedFirstName: pregnancyParticipants.invitedFirstName,
      invitedLastName: pregnancyParticipants.invitedLastName,
      invitedByUserId: pregnancyParticipants.invitedByUserId,
    })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(
      and(
        eq(pregnancyParticipants.role, "partner"),
        eq(pregnancyParticipants.status, "invited"),
        eq(sql`lower(${pregnancyParticipants.invitedEmail})`, email.trim().toLowerCase()),
        pregnancyId ? eq(pregnancyParticipants.pregnancyId, pregnancyId) : undefined,
        sessionStands,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** As pendingPartnerInvitation, refused with the spec's invitation_not_found when there is none. */
async function findPartnerInvitation(db: Db, email: string, pregnancyId?: string) {
  const row = await pendingPartnerInvitation(db, email, pregnancyId);
  if (!row) throw partnerError("invitation_not_found");
  return row;
}

/**
 * secure-partner-invitation/verify-email: step 1 of /invited-partner, before any account exists.
 * Anyone may ask, so the answer is only what sending the code needs: the pregnancy's id.
 */
export async function verifyPartnerEmail(scope: RequestScope, email: string) {
  const invitation = await findPartnerInvitation(scope.db, email);
  return { success: true as const, invitation: { pregnancyId: invitation.pregnancyId } };
}

/** After sign-in: a partner invitation waiting for this account's email (in the named pregnancy, if one is), or null. */
export async function partnerInvitationForMe(caller: UserCaller, pregnancyId?: string) {
  const invitation = await pendingPartnerInvitation(caller.db, caller.user.email, pregnancyId, caller.liveSession.stands);
  await caller.liveSession.confirm(invitation !== null);
  return invitation ? { participantId: invitation.participantId, pregnancyTitle: invitation.pregnancyTitle } : null;
}

const resendIn = (seconds: number) => new AppError("TOO_MANY_REQUESTS", "RESEND_COOLDOWN", PARTNER_MESSAGES.resendIn(seconds));

/**
 * send-partner-otp: a 6-digit code to the account owner's email (the owner vouches for the partner),
 * at most once per cooldown and PARTNER_CODES_PER_HOUR times an hour per invitation; a new code
 * resets the attempts and the expiry, so the hourly cap is also the cap on guesses. The answer
 * names the owner's address only masked: the caller has proven nothing yet.
 */
export async function sendPartnerCode(scope: RequestScope, { email, pregnancyId }: { email: string; pregnancyId: string }, now = new Date()) {
  const { db } = scope;
  const invitation = await findPartnerInvitation(db, email, pregnancyId);
  const [previous] = await db.select({ lastSentAt: partnerVerifications.lastSentAt }).from(partnerVerifications).where(eq(partnerVerifications.participantId, invitation.participantId));
  const waitSeconds = previous ? Math.ceil(PARTNER_CODE_RESEND_COOLDOWN_SECONDS - (now.getTime() - previous.lastSentAt.getTime()) / MS_PER_SECOND) : 0;
  if (waitSeconds > 0) throw resendIn(waitSeconds);
  const sends = await hitRateLimit(db, `partner-codes:${invitation.participantId}`, { window: SECONDS_PER_HOUR, max: PARTNER_CODES_PER_HOUR }, now.getTime());
  if (!sends.allowed) throw resendIn(sends.retryAfterSeconds);
  const [owner] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.role, "owner")));
  if (!owner) throw partnerError("invitation_not_found");
  const code = randomCode();
  const values = {
    codeHash: await hashCode(invitation.participantId, code),
    sentToEmail: owner.email,
    attemptsRemaining: OTP_ALLOWED_ATTEMPTS,
    expiresAt: new Date(now.getTime() + OTP_EXPIRES_SECONDS * MS_PER_SECOND),
    verifiedAt: null,
    lastSentAt: now,
  };
  await db.insert(partnerVerifications).values({ participantId: invitation.participantId, ...values }).onConflictDoUpdate({ target: partnerVerifications.participantId, set: values });
  const partnerName = [invitation.invitedFirstName, invitation.invitedLastName].filter(Boolean).join(" ") || email;
  await scope.mailer.send(
    composeMail(owner.email, "Your partner's verification code", [
      `${partnerName} is joining ${invitation.pregnancyTitle} as your partner.`,
      `Their verification code is ${code}. Share it with them only if you invited them. It expires in ${OTP_EXPIRES_SECONDS / SECONDS_PER_MINUTE} minutes.`,
    ]),
  );
  return { success: true as const, ownerEmail: maskEmail(owner.email) };
}

/**
 * secure-partner-invitation/verify: three attempts per code; the fourth wrong try, or any try after
 * expiry, is refused with the spec's message and needs a new invitation code. An attempt is taken
 * in the same statement that reads the code, before comparing, so parallel or batched guesses
 * each use one up and no more than three are ever compared.
 */
export async function verifyPartnerCode(scope: RequestScope, { email, pregnancyId, code }: { email: string; pregnancyId: string; code: string }, now = new Date()) {
  const { db } = scope;
  const invitation = await findPartnerInvitation(db, email, pregnancyId);
  const [attempt] = await db
    .update(partnerVerifications)
    .set({ attemptsRemaining: sql`${partnerVerifications.attemptsRemaining} - 1` })
    .where(and(eq(partnerVerifications.participantId, invitation.participantId), gt(partnerVerifications.attemptsRemaining, 0), gt(partnerVerifications.expiresAt, now)))
    .returning({ id: partnerVerifications.id, codeHash: partnerVerifications.codeHash, attemptsRemaining: partnerVerifications.attemptsRemaining });
  if (!attempt) {
    // No attempt taken: say why.
    const [verification] = await db.select({ expiresAt: partnerVerifications.expiresAt }).from(partnerVerifications).where(eq(partnerVerifications.participantId, invitation.participantId));
    if (!verification) throw partnerError("invitation_not_found");
    throw partnerError(verification.expiresAt.getTime() <= now.getTime() ? "verification_expired" : "too_many_attempts");
  }
  if ((await hashCode(invitation.participantId, code)) !== attempt.codeHash) {
    throw new AppError("BAD_REQUEST", "invalid_code", `${INVALID_PARTNER_CODE_MESSAGE} ${PARTNER_MESSAGES.attemptsRemaining(attempt.attemptsRemaining)}`);
  }
  await db
    .update(partnerVerifications)
    .set({ verifiedAt: sql`coalesce(${partnerVerifications.verifiedAt}, ${now})` })
    .where(eq(partnerVerifications.id, attempt.id));
  // The owner's code proves the invitation: its names may now fill the partner's new account.
  return {
    success: true as const,
    participantId: invitation.participantId,
    pregnancyTitle: invitation.pregnancyTitle,
    attemptsRemaining: attempt.attemptsRemaining,
    firstName: invitation.invitedFirstName,
    lastName: invitation.invitedLastName,
  };
}

/** A stored partner invitation, ready to be mailed. */
export interface PartnerInvitation {
  participantId: string;
  pregnancyId: string;
  pregnancyTitle: string | null;
  email: string;
  inviterName: string;
}

/**
 * The partner's invited row: one partner per pregnancy. Takes an Executor so pregnancy setup can
 * store it in its transaction; the mail (mailPartnerInvitation) goes out only after the commit.
 */
export async function insertPartnerInvitation(db: Executor, pregnancyId: string, inviterId: string, partner: { email: string; firstName: string; lastName: string }): Promise<PartnerInvitation> {
  const email = partner.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: pregnancyParticipants.id })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.role, "partner")))
    .limit(1);
  if (existing) throw new AppError("CONFLICT", "PARTNER_EXISTS", "This pregnancy already has a partner or a pending partner invitation");
  const [pregnancy] = await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  const [inviter] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, inviterId));
  const [participant] = await db
    .insert(pregnancyParticipants)
    .values({ pregnancyId, role: "partner", status: "invited", invitedEmail: email, invitedFirstName: partner.firstName, invitedLastName: partner.lastName, invitedByUserId: inviterId })
    .returning({ id: pregnancyParticipants.id });
  if (!participant) throw new Error("partner invitation was not stored");
  return { participantId: participant.id, pregnancyId, pregnancyTitle: pregnancy?.title ?? null, email, inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}` : "Your partner" };
}

/** The invitation mail with its link to /invited-partner. */
export async function mailPartnerInvitation(scope: RequestScope, invitation: PartnerInvitation): Promise<void> {
  const { email, inviterName, pregnancyId } = invitation;
  const url = new URL("/invited-partner", scope.origin);
  url.search = new URLSearchParams({ email, pregnancy_id: pregnancyId, inviter: inviterName }).toString();
  await scope.mailer.send(
    composeMail(email, `${inviterName} invited you as their partner`, [
      `${inviterName} invited you to share ${invitation.pregnancyTitle ?? "their pregnancy"} on BabySteps as their partner, free of charge.`,
      "To keep the pregnancy private, a verification code goes to them; ask them for it when you accept.",
    ], { label: "Accept the invitation", url: url.toString() }),
  );
}

/** secure-partner-invitation: the partner invited by email with a link to /invited-partner. */
export async function invitePartner(caller: PregnancyCaller, partner: { email: string; firstName: string; lastName: string }) {
  const invitation = await insertPartnerInvitation(caller.db, caller.access.id, caller.user.id, partner);
  await mailPartnerInvitation(caller, invitation);
  return { success: true as const, participantId: invitation.participantId };
}

/** secure-partner-invitation/link-account: a verified invitation joins the signed-in account whose email it names. */
export async function linkPartnerAccount(caller: UserCaller, participantId: string) {
  const { db, user } = caller;
  const [row] = await db
    .select({
      invitedEmail: pregnancyParticipants.invitedEmail,
      status: pregnancyParticipants.status,
      userId: pregnancyParticipants.userId,
      pregnancyId: pregnancyParticipants.pregnancyId,
      verifiedAt: partnerVerifications.verifiedAt,
    })
    .from(pregnancyParticipants)
    .innerJoin(partnerVerifications, eq(partnerVerifications.participantId, pregnancyParticipants.id))
    .where(and(eq(pregnancyParticipants.id, participantId), eq(pregnancyParticipants.role, "partner")));
  // Confirming the email already took the invitation the account claimed at sign-up: linking again is no failure.
  if (row?.userId === user.id && row.status === "active") return { success: true as const, pregnancyId: row.pregnancyId };
  if (!row || row.status !== "invited" || row.invitedEmail?.toLowerCase() !== user.email.toLowerCase()) throw partnerError("invitation_not_found");
  if (!row.verifiedAt) throw new AppError("FORBIDDEN", "NOT_VERIFIED", PARTNER_MESSAGES.enterCode);
  const [linked] = await db
    .update(pregnancyParticipants)
    .set({ userId: user.id, status: "active", joinedAt: new Date() })
    .where(and(eq(pregnancyParticipants.id, participantId), eq(pregnancyParticipants.status, "invited")))
    .returning({ id: pregnancyParticipants.id });
  if (!linked) throw partnerError("invitation_not_found");
  return { success: true as const, pregnancyId: row.pregnancyId };
}
