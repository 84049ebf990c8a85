/**
 * The album's upload queue: files are checked in the browser first (count, type by content, size,
 * with the spec's messages), then sent one at a time with their own progress bar and a small
 * thumbnail made here when the browser can decode the image. A clip goes in parts, with its
 * display copy and poster made here (issue 41). Progress counts bytes that arrived: a file that
 * failed counts none, so the bar never shows success over a failure. A refused file does not stop
 * the others; Cancel stops the queue and aborts the file in flight.
 */
import { useRef, useState } from "react";
import { checkAlbumBatch, CLIP_HEADER_BYTES } from "../../../domain/clips";
import type { ItemPrivacyLevel } from "../../../domain/enums";
import { SUCCESS_TOASTS } from "../../../domain/errors";
import { IMAGE_HEADER_BYTES, UPLOAD_MESSAGES } from "../../../domain/uploads";
import { type ClipSendOptions, sendClipFile } from "../../../lib/clipSend";
import { ClipRefusal } from "../../../lib/clipUploader";
import { sendWithProgress } from "../../../lib/imageUpload";
import { toast } from "../../../ui/toast";
import { makeThumbnail } from "./thumbnail";
import { PHOTO_TOASTS } from "../../../domain/photos";
import { PERCENT } from "../../../domain/units";

export interface PhotoMetadata {
  title?: string;
  description?: string;
  altText?: string;
  week: number;
  tags: string[];
  privacyLevel: ItemPrivacyLevel;
  eventId?: string;
  guestTags: string[];
}

export type StartUpload = (files: File[], metadata: PhotoMetadata) => Promise<void>;

export type UploadStatus = "waiting" | "preparing" | "uploading" | "done" | "failed" | "cancelled";

export interface UploadItem {
  key: string;
  file: File;
  kind: "photo" | "clip";
  status: UploadStatus;
  /** Bytes that arrived (or are arriving) of `totalBytes`: none once the file failed. */
  sentBytes: number;
  /** The file, and a clip's display copy once made. */
  totalBytes: number;
  /** A clip's display copy being made, 0 to 1. */
  preparing: number;
  errors: string[];
  warnings: string[];
}

interface FileResult {
  success: boolean;
  errors?: string[];
  warnings?: string[];
  /** Set when the server refused the whole batch (e.g. STORAGE_LIMIT_EXCEEDED). */
  refusal?: string;
}

/** The server's codes when the storage limit or a guest's quota refuses a batch ('Upload blocked'). */
const BLOCKING_REFUSALS: ReadonlySet<string> = new Set(["STORAGE_LIMIT_EXCEEDED", "GUEST_QUOTA_EXCEEDED"]);

/** How many failures the 'Some uploads failed' toast lists. */
const LISTED_FAILURES = 3;


/** The server's answer for one file, or the reason the request as a whole was refused. */
function readAnswer(status: number, body: unknown): FileResult {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const results = Array.isArray(record.results) ? (record.results as FileResult[]) : [];
  const first = results[0];
  if (first) return first;
  const reason = typeof record.message === "string" ? record.message : `Upload failed (${status})`;
  return { success: false, errors: [reason], ...(typeof record.error === "string" ? { refusal: record.error } : {}) };
}

async function sendOne(pregnancyId: string, file: File, metadata: PhotoMetadata, onProgress: (sentBytes: number) => void, signal: AbortSignal): Promise<FileResult> {
  const form = new FormData();
  form.append("files", file, file.name);
  const thumbnail = await makeThumbnail(file);
  if (thumbnail) form.append("thumbnails", thumbnail, `thumb-${file.name}.jpg`);
  form.append("metadata", JSON.stringify(metadata));
  const { status, body } = await sendWithProgress({ method: "POST", url: `/api/photos/${pregnancyId}`, body: form, signal, onProgress: (sent, total) => onProgress((sent / total) * file.size) });
  return readAnswer(status, body);
}

/** One clip, through the shared sender (src/lib/clipSend.ts); a refusal answers like a photo's. */
async function sendOneClip(pregnancyId: string, file: File, fileNumber: number, metadata: PhotoMetadata, progress: Pick<ClipSendOptions, "onPreparing" | "onBytes">, signal: AbortSignal): Promise<FileResult> {
  try {
    await sendClipFile(pregnancyId, file, { fileNumber, metadata, signal, ...progress });
    return { success: true };
  } catch (error) {
    if (error instanceof ClipRefusal) return { success: false, errors: [error.message], refusal: error.code };
    throw error;
  }
}

/** Until the server has answered, a file in flight is never shown complete. */
const IN_FLIGHT_SHARE = 0.99;

/** A file's share of the bar, in bytes that arrived: a failed or cancelled file counts none. */
export const arrivedBytes = (item: UploadItem) =>
  item.status === "done" ? item.totalBytes : item.status === "uploading" || item.status === "preparing" ? Math.min(item.sentBytes, item.totalBytes * IN_FLIGHT_SHARE) : 0;

export function useUploadQueue(pregnancyId: string, onUploaded: () => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const patch = (key: string, change: Partial<UploadItem>) => setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const start: StartUpload = async (files, metadata) => {
    const headerBytes = Math.max(IMAGE_HEADER_BYTES, CLIP_HEADER_BYTES);
    const candidates = await Promise.all(files.map(async (file) => ({ name: file.name, size: file.size, type: file.type, bytes: new Uint8Array(await file.slice(0, headerBytes).arrayBuffer()) })));
    const check = checkAlbumBatch(candidates);
    if (check.tooMany) {
      toast({ title: PHOTO_TOASTS.invalidFiles, description: UPLOAD_MESSAGES.tooManyFiles, variant: "error" });
      return;
    }
    const queue: UploadItem[] = files.map((file, index) => {
      const { kind, errors, warnings } = check.files[index] ?? { kind: "photo", errors: [], warnings: [] };
      return { key: `${Date.now()}-${index}-${file.name}`, file, kind, status: errors.length ? "failed" : "waiting", sentBytes: 0, totalBytes: file.size, preparing: 0, errors, warnings };
    });
    setItems(queue);
    setRunning(true);
    const abort = new AbortController();
    controller.current = abort;
    const outcome = new Map<string, FileResult>();
    for (const [index, item] of queue.entries()) {
      if (item.status !== "waiting") continue;
      if (abort.signal.aborted) {
        patch(item.key, { status: "cancelled" });
        continue;
      }
      patch(item.key, { status: item.kind === "clip" ? "preparing" : "uploading" });
      try {
        const result =
          item.kind === "clip"
            ? await sendOneClip(
                pregnancyId,
                item.file,
                index + 1,
                metadata,
                { onPreparing: (preparing) => patch(item.key, { preparing }), onBytes: (sentBytes, totalBytes) => patch(item.key, { status: "uploading", sentBytes, totalBytes }) },
                abort.signal,
              )
            : await sendOne(pregnancyId, item.file, metadata, (sentBytes) => patch(item.key, { sentBytes }), abort.signal);
        outcome.set(item.key, result);
        patch(item.key, { status: result.success ? "done" : "failed", ...(result.success ? {} : { sentBytes: 0 }), errors: result.errors ?? [], warnings: [...item.warnings, ...(result.warnings ?? [])] });
      } catch {
        patch(item.key, { status: abort.signal.aborted ? "cancelled" : "failed", sentBytes: 0, errors: abort.signal.aborted ? [] : ["The upload was interrupted. Please try again."] });
      }
    }
    setRunning(false);
    controller.current = null;

    const uploaded = [...outcome.values()].filter((r) => r.success).length;
    const failures = queue.flatMap((item) => (item.status === "failed" ? item.errors : outcome.get(item.key)?.success === false ? (outcome.get(item.key)?.errors ?? []) : []));
    if (uploaded > 0) onUploaded();
    if (failures.length === 0 && uploaded > 0) toast({ title: SUCCESS_TOASTS.photosUploaded, variant: "success" });
    else if (uploaded > 0) toast({ title: PHOTO_TOASTS.someUploadsFailed, description: failures.slice(0, LISTED_FAILURES).join(" "), variant: "error" });
    else if (!abort.signal.aborted) {
      const blocked = [...outcome.values()].some((r) => r.refusal !== undefined && BLOCKING_REFUSALS.has(r.refusal));
      toast({ title: blocked ? PHOTO_TOASTS.uploadBlocked : PHOTO_TOASTS.uploadFailed, description: failures.slice(0, LISTED_FAILURES).join(" "), variant: "error" });
    }
  };

  const finished = items.filter((item) => item.status !== "waiting" && item.status !== "uploading" && item.status !== "preparing").length;
  const totalBytes = items.reduce((sum, item) => sum + item.totalBytes, 0);
  const overall = totalBytes === 0 ? 0 : Math.floor((items.reduce((sum, item) => sum + arrivedBytes(item), 0) / totalBytes) * PERCENT);
  const failed = items.some((item) => item.status === "failed");

  return { items, running, overall, failed, finished, start, cancel: () => controller.current?.abort(), clear: () => setItems([]) };
}
