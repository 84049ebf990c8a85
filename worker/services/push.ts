/**
 * Web Push (issue 22): each device's subscription and switches, and the fan-out of the moments that
 * matter to the family's devices. Who may receive is decided here, at send time, from the
 * recipients' participation and flags as they are now; the device's switches only narrow it.
 */
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Permissions } from "../../src/domain/enums";
import { effectivePermissions } from "../../src/domain/permissions";
import { isAllowedPushEndpoint, PUSH_TOPIC_OF, PUSH_TOPICS, type PushPayload, type PushTopic, type PushSubscriptionInput, type PushTopicSwitches } from "../../src/domain/push";
import { isDevEnvironment } from "../config";
import { createDb, createPool } from "../db";
import { pregnancyParticipants, pushSubscriptions } from "../db/schema";
import type { Bindings } from "../env";
import { logEvent } from "../infra/log";
import { isGoneStatus, sendPush, type PushTarget, type VapidKeys } from "../infra/webPush";
import type { PregnancyCaller, UserCaller } from "./caller";
import { AppError } from "./errors";

/** Pushes leave in groups this size, so a large family does not open hundreds of requests at once. */
export const PUSH_BATCH_SIZE = 10;

const deviceColumns = {
  endpoint: pushSubscriptions.endpoint,
  deviceLabel: pushSubscriptions.deviceLabel,
  waitingRoom: pushSubscriptions.waitingRoom,
  directMessages: pushSubscriptions.directMessages,
  eventInvitations: pushSubscriptions.eventInvitations,
};

const vapidOf = (env: Bindings): VapidKeys | null =>
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
  const [row] = await caller.db.select(deviceColumns).from(pushSubscriptions).where(ownDevice(caller, endpoint));
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
 * Pushes `message` to the devices of the pregnancy's active participants in `audience`, never the
 * caller, whose device switch for its kind is on. Called after the write committed. The devices are
 * loaded here, in one statement; the sending runs after the response (waitUntil), in batches.
 */
export async function notifyMembers(caller: PregnancyCaller, audience: PushAudience, message: PushPayload): Promise<void> {
  const vapid = vapidOf(caller.env);
  if (!vapid) return;
  if (audience.kind === "people" && audience.userIds.length === 0) return;
  const topic = pushSubscriptions[PUSH_TOPIC_OF[message.kind]];
  const conditions: SQL[] = [eq(pregnancyParticipants.pregnancyId, caller.access.id), eq(pregnancyParticipants.status, "active"), ne(pushSubscriptions.userId, caller.user.id), eq(topic, true)];
  if (audience.kind === "people") conditions.push(inArray(pushSubscriptions.userId, [...audience.userIds]));
  const rows = await caller.db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth, role: pregnancyParticipants.role, permissions: pregnancyParticipants.permissions })
    .from(pushSubscriptions)
    .innerJoin(pregnancyParticipants, eq(pregnancyParticipants.userId, pushSubscriptions.userId))
    .where(and(...conditions));
  const targets = rows.filter((row) => audience.kind === "people" || hearsRoomNews(effectivePermissions(row.role, row.permissions)));
  if (targets.length > 0) caller.waitUntil(deliver(caller.env, vapid, targets, message));
}

/**
 * Sends to each device, a batch at a time, and deletes the subscriptions their push service says
 * are gone (404, 410). Runs after the response, when the request's pool is closed: the deletion
 * opens its own and closes it. A failed push is logged, never thrown.
 */
async function deliver(env: Bindings, vapid: VapidKeys, targets: PushTarget[], message: PushPayload): Promise<void> {
  const allowLocal = isDevEnvironment(env);
  const urgency = PUSH_TOPIC_OF[message.kind] === "eventInvitations" ? "normal" : "high";
  const gone: string[] = [];
  let failed = 0;
  for (let start = 0; start < targets.length; start += PUSH_BATCH_SIZE) {
    const batch = targets.slice(start, start + PUSH_BATCH_SIZE);
    const results = await Promise.allSettled(batch.map((target) => sendPush(target, message, vapid, { allowLocal, urgency })));
    results.forEach((result, index) => {
      if (result.status === "fulfilled" && isGoneStatus(result.value)) gone.push(batch[index]!.endpoint);
      else if (result.status === "rejected" || result.value >= 400) {
        failed++;
        logEvent("warn", "push failed", { kind: message.kind, ...(result.status === "rejected" ? { error: String(result.reason) } : { status: result.value }) });
      }
    });
  }
  logEvent("info", "push sent", { kind: message.kind, devices: targets.length, gone: gone.length, failed });
  if (gone.length === 0) return;
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    await createDb(pool).delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone));
  } finally {
    await pool.end();
  }
}
