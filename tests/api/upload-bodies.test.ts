import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, CLOUDFLARE_MAX_BODY_BYTES, PHOTO_MAX_FILE_BYTES, PHOTO_UPLOAD_MAX_BODY_BYTES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import type { AppVariables } from "../../worker/context";
import type { Bindings } from "../../worker/env";
import { avatarRoutes } from "../../worker/http/avatars";
import { photoRoutes } from "../../worker/http/photos";
import { waitingRoomImageRoutes } from "../../worker/http/waitingRoomImages";
import { requestWithoutDatabase } from "../support/node-worker";

/**
 * Issue 18, item 2: an upload body is refused before it is read. wrangler dev's local proxy
 * forwards a request's whole body before the Worker's answer reaches the client, so what the
 * Worker pulls is counted here, on its real route groups run in Node (no session or database is
 * needed: the size is checked before anything else). upload-limits.test.ts shows the same answers
 * through the running stack.
 */

type App = Hono<{ Bindings: Bindings; Variables: AppVariables }>;

const PREGNANCY_ID = crypto.randomUUID();
const ROUTES = [
  { name: "album", mount: (app: App) => app.route("/api/photos", photoRoutes), path: `/api/photos/${PREGNANCY_ID}`, limit: PHOTO_UPLOAD_MAX_BODY_BYTES, tooLarge: UPLOAD_MESSAGES.batchTooLarge, type: "multipart/form-data; boundary=x" },
  { name: "avatar", mount: (app: App) => app.route("/api/avatars", avatarRoutes), path: "/api/avatars", limit: AVATAR_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.imageTooLarge(AVATAR_MAX_BYTES), type: "image/png" },
  {
    name: "waiting room",
    mount: (app: App) => app.route("/api/waiting-room", waitingRoomImageRoutes),
    path: `/api/waiting-room/${PREGNANCY_ID}/images`,
    limit: PHOTO_MAX_FILE_BYTES,
    tooLarge: UPLOAD_MESSAGES.imageTooLarge(PHOTO_MAX_FILE_BYTES),
    type: "image/png",
  },
] as const;

/** A body of `total` bytes made as it is read, counting what the server pulled. */
function countedBody(total: number) {
  const CHUNK_BYTES = 64 * 1024;
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        counter.pulled += CHUNK_BYTES;
        controller.enqueue(new Uint8Array(CHUNK_BYTES));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

describe("upload bodies are refused before they are read", () => {
  it.each(ROUTES)("$name: a huge streamed body over the limit (413), far over it (413) or without a length (411) is answered having pulled none of it", async (route) => {
    for (const declared of [route.limit + 1, 10 * CLOUDFLARE_MAX_BODY_BYTES, null]) {
      const { stream, counter } = countedBody(2 * CLOUDFLARE_MAX_BODY_BYTES);
      const headers: Record<string, string> = { "content-type": route.type, ...(declared === null ? {} : { "content-length": String(declared) }) };
      // Node's fetch types lack `duplex`, which a streamed request body needs.
      const response = await requestWithoutDatabase(route.mount, route.path, "test", { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
      const label = `declared ${declared}`;
      if (declared === null) {
        expect(response.status, label).toBe(411);
        expect(await response.json(), label).toEqual({ error: "LENGTH_REQUIRED", message: UPLOAD_MESSAGES.lengthRequired });
      } else {
        expect(response.status, label).toBe(413);
        expect(await response.json(), label).toEqual({ error: "PAYLOAD_TOO_LARGE", message: route.tooLarge });
      }
      expect(counter.pulled, label).toBe(0);
    }
  });
});
