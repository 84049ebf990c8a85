import { BYTES_PER_MB, PERCENT } from "../domain/constants";

const HTTP_CREATED = 201;
const HTTP_PAYLOAD_TOO_LARGE = 413;
const HTTP_UNSUPPORTED_MEDIA_TYPE = 415;

export class ImageUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
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

export const NOT_AN_IMAGE = "That file is not a supported image (JPEG, PNG, WebP or HEIC).";
export const imageTooLarge = (maxBytes: number) => `The image is larger than ${maxBytes / BYTES_PER_MB} MB.`;

/** What to tell the user about a refused upload, when the answer says more than 'failed'. */
export function imageUploadProblem(error: unknown, maxBytes: number): string | undefined {
  if (!(error instanceof ImageUploadError)) return undefined;
  return error.tooLarge ? imageTooLarge(maxBytes) : error.notAnImage ? NOT_AN_IMAGE : undefined;
}

/**
 * POSTs the raw image bytes to `url` (avatars, waiting-room images) and answers the string the
 * server names `answerField`. Uses XMLHttpRequest rather than fetch because only it reports
 * upload progress.
 */
export function uploadImage(url: string, file: Blob, answerField: string, onProgress: (percent: number) => void = () => undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * PERCENT));
    });
    request.addEventListener("load", () => {
      if (request.status !== HTTP_CREATED) {
        reject(new ImageUploadError(request.status, `Image upload answered ${request.status}`));
        return;
      }
      try {
        const body: unknown = JSON.parse(request.responseText);
        const answer: unknown = body && typeof body === "object" ? (body as Record<string, unknown>)[answerField] : undefined;
        if (typeof answer !== "string") throw new Error(`no ${answerField}`);
        resolve(answer);
      } catch {
        reject(new ImageUploadError(request.status, `Image upload answered without ${answerField}`));
      }
    });
    request.addEventListener("error", () => reject(new ImageUploadError(0, "Image upload did not get an answer")));
    request.addEventListener("abort", () => reject(new ImageUploadError(0, "Image upload was cancelled")));
    request.send(file);
  });
}
