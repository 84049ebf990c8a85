import { z } from "zod";
import { pushEndpointSchema, pushSubscriptionSchema, pushTopicSwitchesSchema } from "../../src/domain/push";
import { pushDevice, pushPublicKey, setPushTopics, subscribePush, unsubscribePush } from "../services/push";
import { router, signedInProcedure } from "../trpc/init";

/** Every door names the device by its endpoint and reaches only the caller's own. */
const device = z.object({ endpoint: pushEndpointSchema });

export const pushRouter = router({
  /** The server's VAPID public key, the browser's `applicationServerKey`. */
  publicKey: signedInProcedure.query(({ ctx }) => pushPublicKey(ctx.caller)),

  /** Stores this device's subscription with the caller's current session (signing out removes it). */
  subscribe: signedInProcedure.input(pushSubscriptionSchema).mutation(({ ctx, input }) => subscribePush(ctx.caller, { ...input, sessionId: ctx.session.session.id })),

  /** This device's switches, or null when the caller has not subscribed it. */
  device: signedInProcedure.input(device).query(({ ctx, input }) => pushDevice(ctx.caller, input)),

  setTopics: signedInProcedure.input(device.extend(pushTopicSwitchesSchema.shape)).mutation(({ ctx, input }) => setPushTopics(ctx.caller, input)),

  unsubscribe: signedInProcedure.input(device).mutation(({ ctx, input }) => unsubscribePush(ctx.caller, input)),
});
