import type { UploadResult } from "../../worker/services/photoUpload";
import type { ApiClient } from "./client";

/** Uploads as the album sends them (used by the API tests, the demo seed and the bench). */
export interface UploadPart {
  name: string;
  bytes: Uint8Array;
  /** Declared type; the server goes by the bytes. */
  type?: string;
}

const blobOf = (part: UploadPart) => new Blob([new Uint8Array(part.bytes)], { type: part.type ?? "application/octet-stream" });

/**
 * POSTs a batch the way the album does: `files`, optional `thumbnails` (null sends an empty part,
 * 'no thumbnail for this file') and the `metadata` JSON (a string is sent as is).
 */
export function postPhotos(client: ApiClient, pregnancyId: string, files: UploadPart[], options: { metadata?: object | string; thumbnails?: Array<UploadPart | null> } = {}): Promise<Response> {
  const form = new FormData();
  for (const file of files) form.append("files", blobOf(file), file.name);
  for (const thumbnail of options.thumbnails ?? []) form.append("thumbnails", thumbnail ? blobOf(thumbnail) : new Blob([]), thumbnail?.name ?? "none");
  if (options.metadata !== undefined) form.append("metadata", typeof options.metadata === "string" ? options.metadata : JSON.stringify(options.metadata));
  return client.fetch(`/api/photos/${pregnancyId}`, { method: "POST", body: form });
}

/** Uploads and answers the per-file results; fails the test on any answer but 200. */
export async function uploadPhotos(...args: Parameters<typeof postPhotos>): Promise<UploadResult[]> {
  const response = await postPhotos(...args);
  if (response.status !== 200) throw new Error(`Upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: UploadResult[] }).results;
}

const COPIES_TIMEOUT_MS = 60_000;
const COPIES_POLL_MS = 100;

/**
 * Waits until the album's list says these photos' copies are made (the queue's consumer makes a
 * HEIC's display copy and a missing thumbnail after the upload answers: worker/services/photoCopies.ts).
 */
export async function untilCopiesMade(client: ApiClient, pregnancyId: string, photoIds: string[]): Promise<void> {
  const deadline = Date.now() + COPIES_TIMEOUT_MS;
  for (;;) {
    const { items } = await client.trpc.photos.list.query({ pregnancyId });
    const pending = photoIds.filter((id) => items.find((item) => item.id === id)?.copiesPending !== false);
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`copies of ${pending.join(", ")} not made within ${COPIES_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, COPIES_POLL_MS));
  }
}
