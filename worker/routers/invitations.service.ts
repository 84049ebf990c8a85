import { and, eq } from "drizzle-orm";
import { INVITATION_VALID_DAYS } from "../../src/domain/constants";
import { addDays, todayIso } from "../../src/domain/dates";
import type { Db } from "../db";
import { invitationTracking, pregnancies, pregnancyParticipants, users } from "../db/schema";
import { composeMail, type Mailer } from "../services/mailer";
import { AppError, assertInPregnancy } from "../trpc/init";

async function findPendingInvitation(db: Db, pregnancyId: string, participantId: string) {
  const [row] = await db
    .select({
      id: pregnancyParticipants.id,
      pregnancyId: pregnancyParticipants.pregnancyId,
      status: pregnancyParticipants.status,
      role: pregnancyParticipants.role,
      invitedEmail: pregnancyParticipants.invitedEmail,
    })
    .from(pregnancyParticipants)
    .where(eq(pregnancyParticipants.id, participantId));
  const participant = assertInPregnancy(row, pregnancyId, "Invitation");
  if (participant.status !== "invited" || !participant.invitedEmail) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "This invitation was already accepted");
  return { ...participant, invitedEmail: participant.invitedEmail };
}

/** The link an invited guest follows: /auth with the invite query the sign-in page understands. */
export function invitationLink(origin: string, invite: { pregnancyId: string; email: string; inviter: string; token: string }): string {
  const url = new URL("/auth", origin);
  url.search = new URLSearchParams({ invite_type: "guest", pregnancy_id: invite.pregnancyId, email: invite.email, inviter: invite.inviter, token: invite.token }).toString();
  return url.toString();
}

/**
 * Sends a fresh invitation link: earlier pending links stop working, the new one is valid for
 * INVITATION_VALID_DAYS. If mailing fails the caller sees the error and can simply resend.
 */
export async function resendInvitation(db: Db, mailer: Mailer, origin: string, pregnancyId: string, participantId: string, inviterId: string) {
  const participant = await findPendingInvitation(db, pregnancyId, participantId);
  const [[pregnancy], [inviter]] = await Promise.all([
    db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)),
    db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, inviterId)),
  ]);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}` : "Your family";
  const token = await db.transaction(async (tx) => {
    await tx
      .update(invitationTracking)
      .set({ status: "expired" })
      .where(and(eq(invitationTracking.participantId, participantId), eq(invitationTracking.status, "pending")));
    const [tracking] = await tx
      .insert(invitationTracking)
      .values({ participantId, expiresAt: new Date(`${addDays(todayIso(), INVITATION_VALID_DAYS)}T23:59:59Z`) })
      .returning({ token: invitationTracking.invitationToken });
    if (!tracking) throw new Error("invitation token was not stored");
    return tracking.token;
  });
  // Mailed after the commit: the outbox write needs its own connection, and PGlite serves one
  // transaction at a time, so mailing inside the transaction would wait on itself.
  const title = pregnancy?.title ?? "their pregnancy";
  await mailer.send(
    composeMail(
      participant.invitedEmail,
      `${inviterName} invited you to follow ${title}`,
      [
        `${inviterName} would love for you to follow along with ${title} on BabySteps: shared updates and photos, RSVPs, the waiting room and the baby game.`,
        `The link works for ${INVITATION_VALID_DAYS} days.`,
      ],
      { label: "Accept the invitation", url: invitationLink(origin, { pregnancyId, email: participant.invitedEmail, inviter: inviterName, token }) },
    ),
  );
  return { sent: true as const };
}

/** Revoking deletes the pending participant; its invitation links die with it (cascade). */
export async function revokeInvitation(db: Db, pregnancyId: string, participantId: string) {
  await findPendingInvitation(db, pregnancyId, participantId);
  await db.delete(pregnancyParticipants).where(and(eq(pregnancyParticipants.id, participantId), eq(pregnancyParticipants.status, "invited")));
  return { revoked: true as const };
}
