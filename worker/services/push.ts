/**
 * Web Push (issue 22): each device's subscription and switches, and the fan-out of the moments that
 * matter to the family's devices. Who may receive is decided here, at send time, from the
 * recipients' participation and flags as they are now (and checked again when each is sent); the
 * device's switches only narrow it.
 */
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Permissions } from "../../src/domain/enums";
import { effectivePermissions } from "../../src/domain/permissions";
import { isAllowedPushEndpoint, PUSH_TOPIC_OF, PUSH_TOPICS, type PushPayload, type PushTopic, type PushSubscriptionInput, type PushTopicSwitches } from "../../src/domain/push";
import { isDevEnvironment } from "../config";
import type { Executor } from "../db";
import { pregnancyParticipants, pushSubscriptions } from "../db/schema";
import type { Bindings } from "../env";
import type { VapidKeys } from "../infra/webPush";
import type { PregnancyCaller, UserCaller } from "./caller";
import { AppError } from "./errors";

const deviceColumns = {
  endpoint: pushSubscriptions.endpoint,
  deviceLabel: pushSubscriptions.deviceLabel,
  waitingRoom: pushSubscriptions.waitingRoom,
  directMessages: pushSubscriptions.directMessages,
  eventInvitations: pushSubscriptions.eventInvitations,
};

export const vapidOf = (env: Bindings): VapidKeys | null =>
  env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT } : null;

/** The key browsers subscribe with (`applicationServerKey`); null where push is not configured. */
export const pushPublicKey = ({ env }: UserCaller) => ({ publicKey: vapidOf(env)?.publicKey ?? null });

const deviceNotFound = () => new AppError("NOT_FOUND", "NOT_FOUND", "This device is not subscribed");

/**
 * Stores this device's subscription for the caller and their current session (signing out deletes
 * it with the session). The endpoint is the row's key: a device subscribing again replaces its keys;
 * its switches stay unless the device now belongs to someone else, who starts with every switch on.
 */
export async function subscribePush(caller: UserCaller, input: PushSubscriptionInput & { sessionId: string }) {
  if (!isAllowedPushEndpoint(input.endpoint, isDevEnvironment(caller.env))) throw new AppError("BAD_REQUEST", "PUSH_ENDPOINT_REFUSED", "This push service is not supported");
  const sameUser = sql`${pushSubscriptions.userId} = excluded.user_id`;
  const switches = Object.fromEntries(PUSH_TOPICS.map((topic) => [topic, sql`case when ${sameUser} then ${pushSubscriptions[topic]} else true end`])) as Record<PushTopic, SQL>;
  const [row] = await caller.db
    .insert(pushSubscriptions)
    .values({ userId: caller.user.id, sessionId: input.sessionId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, deviceLabel: input.deviceLabel })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        ...switches,
        userId: caller.user.id,
        sessionId: input.sessionId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel: input.deviceLabel,
        updatedAt: new Date(),
      },
    })
    .returning(deviceColumns);
  if (!row) throw new Error("push subscription not stored");
  return row;
}

const ownDevice = (caller: UserCaller, endpoint: string) => and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, caller.user.id));

/** This device's switches, when the caller subscribed it; null otherwise (someone else's device is not told apart). */
export async function pushDevice(caller: UserCaller, { endpoint }: { endpoint: string }) {
  const [row] = await caller.db.select(deviceColumns).from(pushSubscriptions).where(and(ownDevice(caller, endpoint), caller.liveSession.stands));
  await caller.liveSession.confirm(row !== undefined);
  return row ?? null;
}

/** Turns this device's kinds of push on or off; only the caller's own device. */
export async function setPushTopics(caller: UserCaller, { endpoint, ...switches }: { endpoint: string } & PushTopicSwitches) {
  const [row] = await caller.db
    .update(pushSubscriptions)
    .set({ ...switches, updatedAt: new Date() })
    .where(ownDevice(caller, endpoint))
    .returning(deviceColumns);
  if (!row) throw deviceNotFound();
  return row;
}

/** Forgets this device (the browser unsubscribes on its side); only the caller's own. Repeating it is not an error. */
export async function unsubscribePush(caller: UserCaller, { endpoint }: { endpoint: string }) {
  const removed = await caller.db.delete(pushSubscriptions).where(ownDevice(caller, endpoint)).returning({ endpoint: pushSubscriptions.endpoint });
  return { removed: removed.length > 0 };
}

// ---------------------------------------------------------------------------------------------
// Fan-out

/**
 * Who in the pregnancy hears a kind of news: the waiting room's news goes to everyone who may be
 * in the room and receives updates (the other parent too); a direct message or an invitation to
 * the people it names.
 */
export type PushAudience = { kind: "waiting-room" } | { kind: "people"; userIds: readonly string[] };

const hearsRoomNews = (permissions: Permissions) => permissions.canAccessWaitingRoom && permissions.canReceiveUpdates;

/**
 * Records a push of `message` for each device of the pregnancy's active participants in
 * `audience`, never the caller, whose device switch for its kind is on: one statement to find
 * them, one to write the outbox rows (through `db`, the causing change's transaction when there is
 * one). The outbox queue's consumer sends them, checking each again when its turn comes.
 */
export async function notifyMembers(caller: PregnancyCaller, audience: PushAudience, message: PushPayload, db: Executor = caller.db): Promise<void> {
  if (!vapidOf(caller.env)) return;
  if (audience.kind === "people" && audience.userIds.length === 0) return;
  const topic = pushSubscriptions[PUSH_TOPIC_OF[message.kind]];
  const conditions: SQL[] = [eq(pregnancyParticipants.pregnancyId, caller.access.id), eq(pregnancyParticipants.status, "active"), ne(pushSubscriptions.userId, caller.user.id), eq(topic, true)];
  if (audience.kind === "people") conditions.push(inArray(pushSubscriptions.userId, [...audience.userIds]));
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint, userId: pushSubscriptions.userId, role: pregnancyParticipants.role, permissions: pregnancyParticipants.permissions })
    .from(pushSubscriptions)
    .innerJoin(pregnancyParticipants, eq(pregnancyParticipants.userId, pushSubscriptions.userId))
    .where(and(...conditions));
  const targets = rows.filter((row) => audience.kind === "people" || hearsRoomNews(effectivePermissions(row.role, row.permissions)));
  const outboxTopic = audience.kind === "people" ? "push-people" : "push-room";
  await caller.outbox.push(
    targets.map(({ endpoint, userId }) => ({ endpoint, payload: message, options: { topic: outboxTopic, recipientUserId: userId, pregnancyId: caller.access.id } })),
    db,
  );
}
