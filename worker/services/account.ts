import { and, eq, inArray } from "drizzle-orm";
import { NOTIFICATION_PREFERENCES, PARENT_ROLES, type NotificationPreferences } from "../../src/domain/enums";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import { pregnancies, pregnancyParticipants, subscriptions, userPreferences, users } from "../db/schema";
import type { UserCaller } from "./caller";

const profileColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  emailVerified: users.emailVerified,
  avatarUrl: users.image,
};

export async function profile(caller: UserCaller) {
  const [user] = await caller.db.select(profileColumns).from(users).where(eq(users.id, caller.user.id));
  return user ?? null;
}

export async function updateProfile(caller: UserCaller, names: { firstName: string; lastName: string }) {
  await caller.db
    .update(users)
    .set({ ...names, name: `${names.firstName} ${names.lastName}`, updatedAt: new Date() })
    .where(eq(users.id, caller.user.id));
  return profile(caller);
}

/**
 * What decides the user's mode (core spec 4): parent capability is an active owner or partner
 * participation in an active pregnancy, or subscription access (user_has_subscription_access).
 */
export async function modeContext(caller: UserCaller) {
  const { db } = caller;
  const userId = caller.user.id;
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

export async function notificationPreferences(caller: UserCaller): Promise<NotificationPreferences> {
  const [row] = await caller.db.select(preferenceColumns).from(userPreferences).where(eq(userPreferences.userId, caller.user.id));
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
