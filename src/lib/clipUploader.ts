/**
 * Sends a clip the way it survives a phone (issue 41): its structure first (the server refuses
 * what is over the limits before any part is stored), then its parts in turn, each acknowledged.
 * A dropped connection sends the part again after a short wait; the same file picked again after a
 * closed tab finds its upload by its fingerprint and goes on from the last part stored. Progress
 * counts bytes the server has acknowledged plus the part in flight, never more.
 */
import { readClipLayout, readClipStructure } from "../domain/clipContainer";
import { CLIP_MESSAGES, clipPartRange, type ClipUploadState } from "../domain/clips";
import type { ClipUploadRole } from "../domain/enums";

/** The file, as bytes read on demand: a browser File, or a test's bytes. */
export interface ClipSource {
  name: string;
  size: number;
  /** Optional: when the file was last changed (part of the fingerprint). */
  lastModified?: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

/** One request: method, path, body, with upload progress where the transport can tell it. */
export type ClipTransport = (request: { method: "POST" | "PUT" | "DELETE"; url: string; body?: Blob | FormData; onProgress?: (sentBytes: number) => void; signal?: AbortSignal }) => Promise<{ status: number; body: unknown }>;


/** A refusal the person should read (the server's message), as opposed to a dropped connection. */
export class ClipRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ClipRefusal";
  }
}

/** A File read by slices: nothing holds the whole clip. */
export const fileSource = (file: File): ClipSource => ({
  name: file.name,
  size: file.size,
  lastModified: file.lastModified,
  read: async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
});

const FINGERPRINT_SAMPLE_BYTES = 64 * 1024;
const HTTP_CONFLICT = 409;
const HTTP_OK = 200;
/** Waits before sending a part again after a dropped connection: then a second, two, four... */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16000];

const hex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** Finds the same file again after a closed tab: its name, size and date, and its first and last bytes. */
export async function clipFingerprint(source: ClipSource): Promise<string> {
  const head = await source.read(0, Math.min(source.size, FINGERPRINT_SAMPLE_BYTES));
  const tail = await source.read(Math.max(0, source.size - FINGERPRINT_SAMPLE_BYTES), source.size);
  const label = new TextEncoder().encode(`${source.name}|${source.size}|${source.lastModified ?? ""}|`);
  return hex(await crypto.subtle.digest("SHA-256", await new Blob([label, new Uint8Array(head), new Uint8Array(tail)]).arrayBuffer()));
}


const record = (body: unknown) => (body && typeof body === "object" ? (body as Record<string, unknown>) : {});

function refusalOf(status: number, body: unknown): ClipRefusal {
  const answer = record(body);
  return new ClipRefusal(typeof answer.error === "string" ? answer.error : `HTTP_${status}`, typeof answer.message === "string" ? answer.message : `Upload failed (${status})`);
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

const HTTP_SERVER_ERROR = 500;

/**
 * Sends a request again after a dropped connection (no answer at all) or a server error; any
 * other answer, even a refusal, is returned.
 */
async function withRetries(attempt: () => ReturnType<ClipTransport>, signal?: AbortSignal): ReturnType<ClipTransport> {
  for (let tried = 0; ; tried += 1) {
    try {
      const answer = await attempt();
      if (answer.status >= HTTP_SERVER_ERROR && tried < RETRY_DELAYS_MS.length) throw new Error(`answered ${answer.status}`);
      return answer;
    } catch (error) {
      if (signal?.aborted || error instanceof ClipRefusal || tried >= RETRY_DELAYS_MS.length) throw error;
      await wait(RETRY_DELAYS_MS[tried] ?? 0, signal);
    }
  }
}

export interface SendClipOptions {
  role: ClipUploadRole;
  fileNumber: number;
  /** Bytes the server holds of this file, and of the part in flight. */
  onProgress?: (storedBytes: number, inFlightBytes: number) => void;
  signal?: AbortSignal;
}

/** Starts (or finds again) one file's upload and sends every part the server does not have yet. */
export async function sendClip(transport: ClipTransport, pregnancyId: string, source: ClipSource, options: SendClipOptions): Promise<ClipUploadState> {
  const { signal, onProgress = () => undefined } = options;
  const layout = await readClipLayout((start, end) => source.read(start, end), source.size);
  if (!layout.ok) throw new ClipRefusal("UNREADABLE_VIDEO", CLIP_MESSAGES.unreadable(options.fileNumber));
  const form = new FormData();
  form.append(
    "upload",
    JSON.stringify({ role: options.role, fileName: source.name, fileNumber: options.fileNumber, size: source.size, fingerprint: await clipFingerprint(source), layout: layout.value }),
  );
  form.append("structure", new Blob([new Uint8Array(await readClipStructure((start, end) => source.read(start, end), layout.value))]), "structure");
  const started = await withRetries(() => transport({ method: "POST", url: `/api/clips/${pregnancyId}/uploads`, body: form, signal }), signal);
  if (started.status !== HTTP_OK) throw refusalOf(started.status, started.body);
  let state = started.body as ClipUploadState;
  const storedBytes = (parts: number) => (parts === 0 ? 0 : clipPartRange(source.size, parts).end);
  onProgress(storedBytes(state.partsStored), 0);
  while (state.partsStored < state.parts) {
    const partNumber = state.partsStored + 1;
    const { start, end } = clipPartRange(source.size, partNumber);
    const bytes = new Blob([new Uint8Array(await source.read(start, end))]);
    const answer = await withRetries(
      () => transport({ method: "PUT", url: `/api/clips/${pregnancyId}/uploads/${state.uploadId}/parts/${partNumber}`, body: bytes, signal, onProgress: (sent) => onProgress(storedBytes(state.partsStored), sent) }),
      signal,
    );
    // Out of turn (a twin tab sent it): go on from where the server is.
    if (answer.status !== HTTP_OK && answer.status !== HTTP_CONFLICT) throw refusalOf(answer.status, answer.body);
    const next = answer.body as ClipUploadState;
    if (next.partsStored < state.partsStored) throw new ClipRefusal("UPLOAD_LOST", CLIP_MESSAGES.notFinished);
    state = { ...state, partsStored: next.partsStored };
    onProgress(storedBytes(state.partsStored), 0);
  }
  return state;
}

/** Gives up on an upload: the server removes its parts and gives its storage back. */
export async function cancelClip(transport: ClipTransport, pregnancyId: string, uploadId: string): Promise<void> {
  await transport({ method: "DELETE", url: `/api/clips/${pregnancyId}/uploads/${uploadId}` });
}

export interface FinishClipInput {
  originalId: string;
  displayId: string | null;
  poster: Blob | null;
  metadata: object;
}

/** Puts the sent clip in the album; answers the server's result for it (photoId, urls) or throws its refusal. */
export async function finishClip(transport: ClipTransport, pregnancyId: string, input: FinishClipInput, signal?: AbortSignal): Promise<{ photoId: string | null; url: string | null }> {
  const form = new FormData();
  form.append("original", input.originalId);
  if (input.displayId) form.append("display", input.displayId);
  if (input.poster) form.append("poster", input.poster, "poster.jpg");
  form.append("metadata", JSON.stringify(input.metadata));
  const answer = await withRetries(() => transport({ method: "POST", url: `/api/clips/${pregnancyId}`, body: form, signal }), signal);
  if (answer.status !== HTTP_OK) throw refusalOf(answer.status, answer.body);
  const result = record(record(answer.body).result);
  return { photoId: typeof result.photoId === "string" ? result.photoId : null, url: typeof result.url === "string" ? result.url : null };
}
