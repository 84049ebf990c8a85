/**
 * A clip from this browser into the album (issue 41), for the album's dialog and the waiting
 * room alike: its display copy and poster are made here while the original goes up in parts, then
 * the copy follows and the clip is put in the album. Refusals throw `ClipRefusal` with the
 * server's message.
 */
import { makeClipCopy } from "./clipCopy";
import { type ClipTransport, fileSource, finishClip, sendClip } from "./clipUploader";
import { sendWithProgress } from "./imageUpload";

/** The clip uploader's requests, through XMLHttpRequest for their upload progress. */
const browserTransport: ClipTransport = (request) => sendWithProgress({ ...request, onProgress: (sent) => request.onProgress?.(sent) });

export interface ClipSendOptions {
  /** Which file of a batch, for the messages ('File N: ...'). */
  fileNumber: number;
  /** The album item's details (week, audience, title...), as the photo upload's metadata. */
  metadata: object;
  /** The display copy being made, 0 to 1. */
  onPreparing?: (fraction: number) => void;
  /** Bytes arrived of the whole clip (original and display copy), and that whole once known. */
  onBytes?: (sentBytes: number, totalBytes: number) => void;
  signal: AbortSignal;
}

export async function sendClipFile(pregnancyId: string, file: File, { fileNumber, metadata, onPreparing, onBytes = () => undefined, signal }: ClipSendOptions): Promise<{ photoId: string | null }> {
  let total = file.size;
  const [copy, original] = await Promise.all([
    makeClipCopy(file, onPreparing, signal).then(
      (made) => {
        total = file.size + (made.display?.size ?? 0);
        return made;
      },
      // A copy that breaks off midway leaves the clip as sent, like one this browser cannot decode.
      (error: unknown) => {
        if (signal.aborted) throw error;
        return { display: null, poster: null };
      },
    ),
    sendClip(browserTransport, pregnancyId, fileSource(file), { role: "original", fileNumber, signal, onProgress: (stored, inFlight) => onBytes(stored + inFlight, total) }),
  ]);
  const display = copy.display
    ? await sendClip(browserTransport, pregnancyId, fileSource(new File([copy.display], `${file.name}.mp4`, { type: "video/mp4" })), {
        role: "display",
        fileNumber,
        signal,
        onProgress: (stored, inFlight) => onBytes(file.size + stored + inFlight, total),
      })
    : null;
  return finishClip(browserTransport, pregnancyId, { originalId: original.uploadId, displayId: display?.uploadId ?? null, poster: copy.poster, metadata }, signal);
}
