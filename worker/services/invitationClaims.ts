import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db";
import { invitationTracking, partnerVerifications, pregnancyParticipants } from "../db/schema";
import { logEvent } from "../infra/log";

/**
 * An invitation is bound to the account made from it (issue 35): the account's email is not proven
 * yet, so the invitation is claimed, and taken the moment that mailbox is proven, whichever browser
 * or device proves it (the mail app's own browser included). Only an invitation sent to the
 * account's own address can be claimed, so the proof of the mailbox is the proof of the invitee.
 */

/** What a sign-up names of the invitation it came from: a guest link's token, or a partner invitation whose owner's code was proven. */
export interface InvitationClaim {
  invitationToken?: string | undefined;
  partnerPregnancyId?: string | undefined;
}

interface Account {
  id: string;
  email: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_TOKEN_LENGTH = 100;

const sentTo = (email: string) => eq(sql`lower(${pregnancyParticipants.invitedEmail})`, email.trim().toLowerCase());

/** Claims the invitation a sign-up names for the new account; anything that does not match claims nothing. */
export async function claimInvitation(db: Db, account: Account, claim: InvitationClaim, now: Date): Promise<number> {
  const open = and(eq(pregnancyParticipants.status, "invited"), sentTo(account.email), isNull(pregnancyParticipants.userId));
  let claimed = 0;
  if (claim.invitationToken && claim.invitationToken.length <= MAX_TOKEN_LENGTH) {
    const usable = db
      .select({ id: invitationTracking.participantId })
      .from(invitationTracking)
      .where(and(eq(invitationTracking.invitationToken, claim.invitationToken), eq(invitationTracking.status, "pending"), or(isNull(invitationTracking.expiresAt), gt(invitationTracking.expiresAt, now))));
    const rows = await db
      .update(pregnancyParticipants)
      .set({ claimedByUserId: account.id })
      .where(and(open, eq(pregnancyParticipants.role, "guest"), inArray(pregnancyParticipants.id, usable)))
      .returning({ id: pregnancyParticipants.id });
    claimed += rows.length;
  }
  if (claim.partnerPregnancyId && UUID.test(claim.partnerPregnancyId)) {
    // The owner's code vouches for the person: only an invitation whose code was proven is claimed.
    const proven = db.select({ id: partnerVerifications.participantId }).from(partnerVerifications).where(isNotNull(partnerVerifications.verifiedAt));
    const rows = await db
      .update(pregnancyParticipants)
      .set({ claimedByUserId: account.id })
      .where(and(open, eq(pregnancyParticipants.role, "partner"), eq(pregnancyParticipants.pregnancyId, claim.partnerPregnancyId), inArray(pregnancyParticipants.id, proven)))
      .returning({ id: pregnancyParticipants.id });
    claimed += rows.length;
  }
  return claimed;
}

/**
 * The mailbox was just proven (confirmation by code or link, a code sign-in, a reset): every
 * invitation the account claimed joins it, in one statement, so a proof retried or sent twice at
 * once joins each once. Skips a pregnancy the account already takes part in.
 */
export async function joinClaimedInvitations(db: Db, account: Account, now: Date): Promise<string[]> {
  const email = account.email.trim().toLowerCase();
  const result = await db.execute<{ pregnancy_id: string }>(sql`
    with joined as (
      update ${pregnancyParticipants} as invited
      set user_id = ${account.id}, status = 'active', joined_at = ${now.toISOString()}, claimed_by_user_id = null, updated_at = ${now.toISOString()}
      where invited.claimed_by_user_id = ${account.id}
        and invited.status = 'invited'
        and invited.user_id is null
        and lower(invited.invited_email) = ${email}
        and not exists (select 1 from ${pregnancyParticipants} member where member.pregnancy_id = invited.pregnancy_id and member.user_id = ${account.id})
      returning invited.id, invited.pregnancy_id
    ), taken as (
      update ${invitationTracking} set status = 'accepted', accepted_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
      where participant_id in (select id from joined) and status = 'pending'
    )
    select pregnancy_id from joined`);
  const joined = result.rows.map((row) => row.pregnancy_id);
  if (joined.length > 0) logEvent("info", "invitations joined on confirmation", { userId: account.id, count: joined.length });
  return joined;
}
