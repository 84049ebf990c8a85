import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { NOTIFICATION_PREFERENCES, PARENT_ROLES, type MeasurementSystem, type NotificationPreferences } from "../../src/domain/enums";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import { pregnancies, pregnancyParticipants, sessions, subscriptions, userPreferences, users } from "../db/schema";
import type { Db } from "../db";
import { browserLabel } from "../../src/domain/invitationClaims";
import type { AuthSession } from "../auth";
import type { UserCaller } from "./caller";
import { notSignedIn } from "./errors";
import { openClosingNotices, ownsDownloadableClosedPregnancy, type OpenClosingNotice } from "./pregnancyClosing";
import { openServiceEndNotices, type OpenServiceEndNotice } from "./serviceEnd";

interface ProfileFields {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
}

const profileOf = (user: ProfileFields) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  emailVerified: user.emailVerified,
  avatarUrl: user.image ?? null,
});

/** The caller's profile as stored now, read in the session's own statement (once per request). */
export const profile = async (caller: UserCaller) => profileOf(await caller.liveSession.user());

/**
 * The session as the app's route guard reads it, without its token (which stays in its httpOnly
 * cookie), and with the profile `account.me` answers: the shell then need not ask for it again.
 */
export function sessionView(current: AuthSession) {
  const { token: _token, ...session } = current.session;
  const { timeZone = null, measurementSystem = null, ...user } = current.user;
  // The stored time zone and units, read in the session's own statement: the app sends the browser's
  // zone when they differ, and reads units from the browser's region while none is chosen.
  return { user, session, profile: profileOf(user), timeZone, measurementSystem };
}

export async function updateProfile(caller: UserCaller, names: { firstName: string; lastName: string }) {
  const [user] = await caller.db
    .update(users)
    .set({ ...names, name: `${names.firstName} ${names.lastName}`, updatedAt: new Date() })
    .where(eq(users.id, caller.user.id))
    .returning();
  // The account door just read this user; gone now means deleted in between.
  if (!user) throw notSignedIn();
  return profileOf(user);
}

/**
 * What decides the user's mode (core spec 4): parent capability is an active owner or partner
 * participation in an active pregnancy, or subscription access (user_has_subscription_access), or
 * (issue 35) owning a pregnancy they closed that can still be downloaded, so its owner stays in
 * Parent mode with it. Pregnancy access counts as a parent only: a guest's participation is no way
 * into the parents' setup (/setup-pregnancy refuses without a subscription), so a pure guest
 * choosing Parent goes to the upgrade flow (guestToParentTarget). Also the notices of pregnancies
 * closed under the user, which every screen may need to show.
 */
export async function modeContext(caller: UserCaller) {
  const { db } = caller;
  const userId = caller.user.id;
  const parentParticipations = db
    .select({ one: sql`1` })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(pregnancyParticipants.userId, userId), eq(pregnancyParticipants.status, "active"), eq(pregnancies.status, "active"), inArray(pregnancyParticipants.role, [...PARENT_ROLES])));
  const subscribed = db
    .select({ one: sql`1` })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])));
  // One statement, the session's check included: the shell reads this on every full load.
  const {
    rows: [row],
  } = await db.execute<{ signed_in: boolean; is_parent: boolean; subscribed: boolean; closed_owned: boolean; closing_notices: OpenClosingNotice[]; service_end_notices: OpenServiceEndNotice[] }>(
    sql`select ${caller.liveSession.stands} as signed_in, exists(${parentParticipations}) as is_parent, exists(${subscribed}) as subscribed, exists(${ownsDownloadableClosedPregnancy(db, userId, caller.now)}) as closed_owned, ${openClosingNotices(userId)} as closing_notices, ${openServiceEndNotices(userId)} as service_end_notices`,
  );
  await caller.liveSession.confirm(row?.signed_in === true);
  const hasActiveSubscription = row?.subscribed === true;
  const isParent = row?.is_parent === true;
  const hasClosedPregnancy = row?.closed_owned === true;
  return {
    hasParentCapability: isParent || hasActiveSubscription || hasClosedPregnancy,
    hasPregnancyAccess: isParent,
    hasActiveSubscription,
    hasClosedPregnancy,
    closingNotices: row?.closing_notices ?? [],
    serviceEndNotices: row?.service_end_notices ?? [],
  };
}

const preferenceColumns = {
  emailInvitations: userPreferences.emailInvitations,
  emailRsvps: userPreferences.emailRsvps,
  waitingRoomActivation: userPreferences.waitingRoomActivation,
  weeklyDigest: userPreferences.weeklyDigest,
};

/** Everything is on until the user turns it off (the column defaults say the same). */
const DEFAULT_NOTIFICATION_PREFERENCES = Object.fromEntries(NOTIFICATION_PREFERENCES.map((p) => [p, true])) as NotificationPreferences;

export async function notificationPreferences(caller: UserCaller): Promise<NotificationPreferences> {
  const [row] = await caller.db.select(preferenceColumns).from(userPreferences).where(and(eq(userPreferences.userId, caller.user.id), caller.liveSession.stands));
  await caller.liveSession.confirm(row !== undefined);
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

export async function setNotificationPreferences(caller: UserCaller, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  const [row] = await caller.db
    .insert(userPreferences)
    .values({ userId: caller.user.id, ...preferences })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...preferences, updatedAt: new Date() } })
    .returning(preferenceColumns);
  return row ?? preferences;
}

/**
 * Stores the zone the user's browser is in (validated by the procedure): the weekly digest goes in
 * their morning. A pregnancy from before zones were kept takes its zone once, from the first
 * parent's browser to report one; after that only the parents' settings change it.
 */
export async function setTimeZone(caller: UserCaller, timeZone: string): Promise<{ timeZone: string }> {
  const userId = caller.user.id;
  // One statement, so all or nothing without a transaction (no connection to open): the preference
  // is stored, and a pregnancy this user is a parent of that has no zone yet takes it.
  const preference = caller.db
    .$with("preference")
    .as(
      caller.db
        .insert(userPreferences)
        .values({ userId, timeZone })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { timeZone, updatedAt: new Date() } })
        .returning({ userId: userPreferences.userId }),
    );
  const parentOf = caller.db
    .select({ id: pregnancyParticipants.pregnancyId })
    .from(pregnancyParticipants)
    .where(and(inArray(pregnancyParticipants.userId, caller.db.select({ userId: preference.userId }).from(preference)), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.role, [...PARENT_ROLES])));
  await caller.db.with(preference).update(pregnancies).set({ timeZone }).where(and(isNull(pregnancies.timeZone), inArray(pregnancies.id, parentOf)));
  return { timeZone };
}

/** The units the user sees and enters the baby's weight and length in (Settings). */
export async function setMeasurementSystem(caller: UserCaller, measurementSystem: MeasurementSystem): Promise<{ measurementSystem: MeasurementSystem }> {
  await caller.db
    .insert(userPreferences)
    .values({ userId: caller.user.id, measurementSystem })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { measurementSystem, updatedAt: new Date() } });
  return { measurementSystem };
}

/**
 * When and in which browser an account was made, for the mailbox's owner confirming it elsewhere
 * (issue 35): the caller has shown the emailed code. The browser is the account's first session's,
 * while it lasts.
 */
export async function accountCreation(db: Db, email: string) {
  const [row] = await db
    .select({ createdAt: users.createdAt, emailVerified: users.emailVerified, userAgent: sessions.userAgent })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.email, email.trim().toLowerCase()))
    .orderBy(asc(sessions.createdAt))
    .limit(1);
  return row ? { createdAt: row.createdAt.toISOString(), emailVerified: row.emailVerified, browser: browserLabel(row.userAgent) } : null;
}
