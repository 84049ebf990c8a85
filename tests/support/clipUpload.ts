import { type ClipSource, type ClipTransport, finishClip, sendClip } from "../../src/lib/clipUploader";
import type { ApiClient } from "./client";

/** The app's clip uploader (src/lib/clipUploader.ts) over a test's API client instead of the browser's XMLHttpRequest. */
export const apiTransport =
  (client: ApiClient): ClipTransport =>
  async ({ method, url, body, signal }) => {
    const response = await client.fetch(url, { method, ...(body ? { body } : {}), ...(signal ? { signal } : {}) });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, body: text };
    }
  };

/** A clip held in memory, read by slices as the browser reads a File. */
export const bytesSource = (name: string, bytes: Uint8Array): ClipSource => ({ name, size: bytes.length, read: async (start, end) => bytes.slice(start, end) });

/** Sends a clip (and its display copy) in parts and puts it in the album, as the upload dialog does. */
export async function uploadClip(
  client: ApiClient,
  pregnancyId: string,
  original: { name: string; bytes: Uint8Array },
  options: { display?: Uint8Array; poster?: Uint8Array; metadata?: object } = {},
): Promise<{ photoId: string; url: string }> {
  const transport = apiTransport(client);
  const sent = await sendClip(transport, pregnancyId, bytesSource(original.name, original.bytes), { role: "original", fileNumber: 1 });
  const display = options.display ? await sendClip(transport, pregnancyId, bytesSource(`display-${original.name}.mp4`, options.display), { role: "display", fileNumber: 1 }) : null;
  const result = await finishClip(transport, pregnancyId, {
    originalId: sent.uploadId,
    displayId: display?.uploadId ?? null,
    poster: options.poster ? new Blob([new Uint8Array(options.poster)], { type: "image/jpeg" }) : null,
    metadata: options.metadata ?? { week: 20 },
  });
  if (!result.photoId || !result.url) throw new Error("clip not put in the album");
  return { photoId: result.photoId, url: result.url };
}
