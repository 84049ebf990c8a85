/**
 * The album's upload queue: files are checked in the browser first (count, type by content, size,
 * with the spec's messages), then sent one at a time with their own progress bar and a small
 * thumbnail made here when the browser can decode the image. A refused file does not stop the
 * others; Cancel stops the queue and aborts the file in flight.
 */
import { useRef, useState } from "react";
import type { ItemPrivacyLevel } from "../../../domain/enums";
import { SUCCESS_TOASTS } from "../../../domain/errors";
import { IMAGE_HEADER_BYTES, PHOTO_MAX_FILES, UPLOAD_MESSAGES, validateUploadBatch } from "../../../domain/uploads";
import { postWithProgress } from "../../../lib/imageUpload";
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

export type UploadStatus = "waiting" | "uploading" | "done" | "failed" | "cancelled";

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  progress: number;
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

const forFile = (messages: readonly string[], index: number) => messages.filter((m) => m.startsWith(`File ${index + 1}:`));

/** The server's answer for one file, or the reason the request as a whole was refused. */
function readAnswer(status: number, body: unknown): FileResult {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const results = Array.isArray(record.results) ? (record.results as FileResult[]) : [];
  const first = results[0];
  if (first) return first;
  const reason = typeof record.message === "string" ? record.message : `Upload failed (${status})`;
  return { success: false, errors: [reason], ...(typeof record.error === "string" ? { refusal: record.error } : {}) };
}

async function sendOne(pregnancyId: string, file: File, metadata: PhotoMetadata, onProgress: (percent: number) => void, signal: AbortSignal): Promise<FileResult> {
  const form = new FormData();
  form.append("files", file, file.name);
  const thumbnail = await makeThumbnail(file);
  if (thumbnail) form.append("thumbnails", thumbnail, `thumb-${file.name}.jpg`);
  form.append("metadata", JSON.stringify(metadata));
  const { status, body } = await postWithProgress(`/api/photos/${pregnancyId}`, form, { onProgress, signal });
  return readAnswer(status, body);
}

export function useUploadQueue(pregnancyId: string, onUploaded: () => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const patch = (key: string, change: Partial<UploadItem>) => setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const start: StartUpload = async (files, metadata) => {
    if (files.length > PHOTO_MAX_FILES) {
      toast({ title: PHOTO_TOASTS.invalidFiles, description: UPLOAD_MESSAGES.tooManyFiles, variant: "error" });
      return;
    }
    const candidates = await Promise.all(files.map(async (file) => ({ name: file.name, size: file.size, type: file.type, bytes: new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer()) })));
    const check = validateUploadBatch(candidates);
    const queue: UploadItem[] = files.map((file, index) => {
      const errors = forFile(check.errors, index);
      return { key: `${Date.now()}-${index}-${file.name}`, file, status: errors.length ? "failed" : "waiting", progress: 0, errors, warnings: forFile(check.warnings, index) };
    });
    setItems(queue);
    setRunning(true);
    const abort = new AbortController();
    controller.current = abort;
    const outcome = new Map<string, FileResult>();
    for (const item of queue) {
      if (item.status !== "waiting") continue;
      if (abort.signal.aborted) {
        patch(item.key, { status: "cancelled" });
        continue;
      }
      patch(item.key, { status: "uploading" });
      try {
        const result = await sendOne(pregnancyId, item.file, metadata, (progress) => patch(item.key, { progress }), abort.signal);
        outcome.set(item.key, result);
        patch(item.key, { status: result.success ? "done" : "failed", progress: PERCENT, errors: result.errors ?? [], warnings: [...item.warnings, ...(result.warnings ?? [])] });
      } catch {
        patch(item.key, { status: abort.signal.aborted ? "cancelled" : "failed", errors: abort.signal.aborted ? [] : ["The upload was interrupted. Please try again."] });
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

  const finished = items.filter((item) => item.status !== "waiting" && item.status !== "uploading").length;
  const overall = items.length === 0 ? 0 : Math.round(items.reduce((sum, item) => sum + (item.status === "uploading" ? item.progress : item.status === "waiting" ? 0 : PERCENT), 0) / items.length);

  return { items, running, overall, finished, start, cancel: () => controller.current?.abort(), clear: () => setItems([]) };
}
