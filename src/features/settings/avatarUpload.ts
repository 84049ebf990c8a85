import { PERCENT } from "../../domain/constants";

const HTTP_CREATED = 201;
const HTTP_PAYLOAD_TOO_LARGE = 413;
const HTTP_UNSUPPORTED_MEDIA_TYPE = 415;

export class AvatarUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AvatarUploadError";
  }

  get tooLarge(): boolean {
    return this.status === HTTP_PAYLOAD_TOO_LARGE;
  }

  get notAnImage(): boolean {
    return this.status === HTTP_UNSUPPORTED_MEDIA_TYPE;
  }
}

/**
 * POST /api/avatars with the raw image bytes as the body; answers the new avatar URL. Uses
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function uploadAvatar(file: Blob, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/avatars");
    request.withCredentials = true;
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * PERCENT));
    });
    request.addEventListener("load", () => {
      if (request.status !== HTTP_CREATED) {
        reject(new AvatarUploadError(request.status, `Avatar upload answered ${request.status}`));
        return;
      }
      try {
        const body: unknown = JSON.parse(request.responseText);
        const avatarUrl = body && typeof body === "object" && "avatarUrl" in body ? body.avatarUrl : undefined;
        if (typeof avatarUrl !== "string") throw new Error("no avatarUrl");
        resolve(avatarUrl);
      } catch {
        reject(new AvatarUploadError(request.status, "Avatar upload answered without an avatarUrl"));
      }
    });
    request.addEventListener("error", () => reject(new AvatarUploadError(0, "Avatar upload did not get an answer")));
    request.addEventListener("abort", () => reject(new AvatarUploadError(0, "Avatar upload was cancelled")));
    request.send(file);
  });
}
