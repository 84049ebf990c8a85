import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { UPLOAD_MESSAGES } from "../../src/domain/uploads";

const HTTP_LENGTH_REQUIRED = 411;
const HTTP_PAYLOAD_TOO_LARGE = 413;

export const tooLarge = (c: Context, message: string) => c.json({ error: "PAYLOAD_TOO_LARGE", message }, HTTP_PAYLOAD_TOO_LARGE);

/**
 * Upload routes read a body only when it declares its size and the size is within `maxBytes`:
 * a body without Content-Length (411) or over the limit (413) is refused before a byte of it is
 * read, so no request holds more than its limit in memory.
 */
export const requireBodyWithin = (maxBytes: number, message: string) =>
  createMiddleware(async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared === undefined || !/^\d+$/.test(declared)) return c.json({ error: "LENGTH_REQUIRED", message: UPLOAD_MESSAGES.lengthRequired }, HTTP_LENGTH_REQUIRED);
    if (Number(declared) > maxBytes) return tooLarge(c, message);
    await next();
  });

/**
 * The request's body cut off past `maxBytes`: the runtime already holds a body to its declared
 * length, and this holds it to the limit even if that ever were not so.
 */
function bounded(request: Request, maxBytes: number) {
  let seen = 0;
  const guard = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new Error("body over its limit"));
      else controller.enqueue(chunk);
    },
  });
  return { body: new Response(request.body?.pipeThrough(guard) ?? null, { headers: request.headers }), exceeded: () => seen > maxBytes };
}

/** The body as bytes, or "too-large" when it ran past `maxBytes`. */
export async function readBytesWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  const { body, exceeded } = bounded(request, maxBytes);
  try {
    return new Uint8Array(await body.arrayBuffer());
  } catch (error) {
    if (exceeded()) return "too-large";
    throw error;
  }
}

/** The body as multipart form data, "too-large" when it ran past `maxBytes`, or null when it is not a form. */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | "too-large" | null> {
  const { body, exceeded } = bounded(request, maxBytes);
  try {
    return await body.formData();
  } catch {
    return exceeded() ? "too-large" : null;
  }
}
