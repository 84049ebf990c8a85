import { UPLOAD_MESSAGES } from "../domain/uploads";
import { PERCENT } from "../domain/units";

const HTTP_CREATED = 201;
const HTTP_PAYLOAD_TOO_LARGE = 413;
const HTTP_UNSUPPORTED_MEDIA_TYPE = 415;

export class ImageUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the server said about the refusal (a guest past their quota), when it said something. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = "ImageUploadError";
  }

  get tooLarge(): boolean {
    return this.status === HTTP_PAYLOAD_TOO_LARGE;
  }

  get notAnImage(): boolean {
    return this.status === HTTP_UNSUPPORTED_MEDIA_TYPE;
  }
}

export const NOT_AN_IMAGE = UPLOAD_MESSAGES.notAnImage;
export const imageTooLarge = UPLOAD_MESSAGES.imageTooLarge;

/** What to tell the user about a refused upload, when the answer says more than 'failed'. */
export function imageUploadProblem(error: unknown, maxBytes: number): string | undefined {
  if (!(error instanceof ImageUploadError)) return undefined;
  return error.tooLarge ? imageTooLarge(maxBytes) : error.notAnImage ? NOT_AN_IMAGE : error.serverMessage;
}

export interface UploadAnswer {
  status: number;
  /** The parsed JSON body, or null when the answer was not JSON. */
  body: unknown;
}

/**
 * POSTs `body` (raw bytes or a multipart form) with upload progress, which only XMLHttpRequest
 * reports. Resolves with any HTTP answer; rejects with status 0 when there was none or `signal`
 * cancelled it.
 */
export function postWithProgress(url: string, body: Blob | FormData, { onProgress = () => undefined, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {}): Promise<UploadAnswer> {
  return sendWithProgress({ method: "POST", url, body, signal, onProgress: (sent, total) => onProgress(Math.round((sent / total) * PERCENT)) });
}

/** Any request with upload progress in bytes (sent, of total): how `postWithProgress` and the clip uploader send. */
export function sendWithProgress({
  method,
  url,
  body,
  onProgress = () => undefined,
  signal,
}: {
  method: "POST" | "PUT" | "DELETE";
  url: string;
  body?: Blob | FormData;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
}): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    // A Blob goes raw with its own type; a form sets its multipart boundary itself.
    if (body instanceof Blob) request.setRequestHeader("content-type", body.type || "application/octet-stream");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener("load", () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status says what happened.
      }
      resolve({ status: request.status, body: parsed });
    });
    request.addEventListener("error", () => reject(new ImageUploadError(0, "Upload did not get an answer")));
    request.addEventListener("abort", () => reject(new ImageUploadError(0, "Upload was cancelled")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body ?? null);
  });
}

/**
 * POSTs the raw image bytes to `url` (avatars, waiting-room images) and answers the string the
 * server names `answerField`.
 */
export async function uploadImage(url: string, file: Blob, answerField: string, onProgress?: (percent: number) => void): Promise<string> {
  const { status, body } = await postWithProgress(url, file, { onProgress });
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (status !== HTTP_CREATED) throw new ImageUploadError(status, `Image upload answered ${status}`, typeof record.message === "string" ? record.message : undefined);
  const answer = record[answerField];
  if (typeof answer !== "string") throw new ImageUploadError(status, `Image upload answered without ${answerField}`);
  return answer;
}
