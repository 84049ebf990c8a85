import { and, eq, inArray } from "drizzle-orm";
import { NOTIFICATION_PREFERENCES, PARENT_ROLES, type NotificationPreferences } from "../../src/domain/enums";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import type { Db } from "../db";
import { pregnancies, pregnancyParticipants, subscriptions, userPreferences, users } from "../db/schema";

const profileColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  emailVerified: users.emailVerified,
  avatarUrl: users.image,
};

export async function profile(db: Db, userId: string) {
  const [user] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return user ?? null;
}

export async function updateProfile(db: Db, userId: string, names: { firstName: string; lastName: string }) {
  await db
    .update(users)
    .set({ ...names, name: `${names.firstName} ${names.lastName}`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return profile(db, userId);
}

/**
 * What decides the user's mode (core spec 4): parent capability is an active owner or partner
 * participation in an active pregnancy, or subscription access (user_has_subscription_access).
 */
export async function modeContext(db: Db, userId: string) {
  const [participations, subscribed] = await Promise.all([
    db
      .select({ role: pregnancyParticipants.role })
      .from(pregnancyParticipants)
      .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
      .where(and(eq(pregnancyParticipants.userId, userId), eq(pregnancyParticipants.status, "active"), eq(pregnancies.status, "active"))),
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
      .limit(1),
  ]);
  const hasActiveSubscription = subscribed.length > 0;
  const isParentParticipant = participations.some((p) => (PARENT_ROLES as readonly string[]).includes(p.role));
  return {
    hasParentCapability: isParentParticipant || hasActiveSubscription,
    hasPregnancyAccess: participations.length > 0,
    hasActiveSubscription,
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

export async function notificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select(preferenceColumns).from(userPreferences).where(eq(userPreferences.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

export async function setNotificationPreferences(db: Db, userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...preferences, updatedAt: new Date() } })
    .returning(preferenceColumns);
  return row ?? preferences;
}
