import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { clsx } from "clsx";
import type { ItemPrivacyLevel } from "../../../domain/enums";
import type { UploadDefaults } from "../../../domain/inspiration";
import { CLIP_ACCEPT, CLIP_MESSAGES, isDeclaredClip } from "../../../domain/clips";
import { PERCENT } from "../../../domain/units";
import { guestQuotaNote, PHOTO_MAX_FILES } from "../../../domain/uploads";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { TextAreaField } from "../../../ui/fields";
import { TextField } from "../../../ui/TextField";
import { ItemPrivacyField } from "../../../ui/ItemPrivacyField";
import { arrivedBytes, useUploadQueue, type StartUpload, type UploadItem, type UploadStatus } from "./uploadQueue";
import { DEFAULT_WEEK, PHOTO_LAST_WEEK, photoWeekOn } from "../../../domain/photos";
import { useFamilyTime } from "../../pregnancy-context/useFamilyTime";
import { usePregnancyContext } from "../../pregnancy-context/usePregnancyContext";
import { TITLE_MAX_LENGTH } from "../../../domain/textLimits";

const STATUS_TEXT: Record<UploadStatus, string> = {
  waiting: "Waiting",
  preparing: "Preparing video",
  uploading: "Uploading",
  done: "Uploaded",
  failed: "Not uploaded",
  cancelled: "Cancelled",
};

const DEFAULT_PRIVACY: ItemPrivacyLevel = "immediate-family";

/** What the chosen files are called: photos, videos, or files when both. */
function chosenNoun(files: readonly File[]): "photo" | "video" | "file" {
  const clips = files.filter((file) => isDeclaredClip(file)).length;
  return clips === 0 ? "photo" : clips === files.length ? "video" : "file";
}

const parseTags = (text: string) => [...new Set(text.split(",").map((tag) => tag.trim().toLowerCase()).filter(Boolean))];

/**
 * 'Upload photos': choose up to 20 photos, describe them once for the batch (the pregnancy's
 * current week and immediate family unless changed), then watch each file's progress. Files the browser can tell
 * are not photos are refused before anything is sent; the rest carry on if one fails. Files shared to the
 * app (the share sheet) come already chosen.
 */
interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  pregnancyId: string;
  defaults?: UploadDefaults;
  onUploaded: () => void;
  /** For a guest: how many of their quota's photos they have added (null for parents). */
  guestQuota?: { used: number } | null;
  /** Files to start with (those shared to the app). */
  initialFiles?: File[];
}

export function UploadDialog({ open, onClose, pregnancyId, defaults, onUploaded, guestQuota = null, initialFiles = [] }: UploadDialogProps) {
  const queue = useUploadQueue(pregnancyId, onUploaded);
  const close = () => {
    if (queue.running) return;
    queue.clear();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Upload photos" description={`Up to ${PHOTO_MAX_FILES} files at a time. ${CLIP_MESSAGES.limits}`} size="lg">
      {guestQuota && <p className="text-sm text-muted-foreground">{guestQuotaNote(guestQuota.used)}</p>}
      {queue.items.length === 0 ? <UploadForm defaults={defaults} initialFiles={initialFiles} onStart={(files, metadata) => void queue.start(files, metadata)} /> : <UploadProgress queue={queue} onDone={close} />}
    </Dialog>
  );
}

function UploadForm({ defaults, initialFiles, onStart }: { defaults: UploadDefaults | undefined; initialFiles: File[]; onStart: (...args: Parameters<StartUpload>) => void }) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>(initialFiles);
  // The picker shows the files given to start with, as if they had been picked.
  useEffect(() => {
    const input = fileRef.current;
    if (!input || initialFiles.length === 0) return;
    const chosen = new DataTransfer();
    for (const file of initialFiles) chosen.items.add(file);
    input.files = chosen.files;
  }, [initialFiles]);
  const [title, setTitle] = useState(defaults?.title ?? "");
  const [description, setDescription] = useState(defaults?.description ?? "");
  const [altText, setAltText] = useState("");
  const { pregnancy } = usePregnancyContext();
  const { today } = useFamilyTime();
  // Photos are dated by the week they are taken in, on the family's calendar.
  const currentWeek = pregnancy ? photoWeekOn(pregnancy.dueDate, today) : DEFAULT_WEEK;
  const [week, setWeek] = useState(String(currentWeek));
  const [tags, setTags] = useState((defaults?.tags ?? []).join(", "));
  const [privacyLevel, setPrivacyLevel] = useState<ItemPrivacyLevel>(defaults?.privacyLevel ?? DEFAULT_PRIVACY);

  // The texts go on every photo of the batch: with several chosen, their labels say so.
  const noun = chosenNoun(files);
  const forAll = (label: string) => (files.length > 1 ? `${label} for all ${files.length} ${noun}s` : label);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) return;
    const weekNumber = Number.parseInt(week, 10);
    onStart(files, {
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(altText.trim() ? { altText: altText.trim() } : {}),
      week: Number.isFinite(weekNumber) ? weekNumber : currentWeek,
      tags: parseTags(tags),
      privacyLevel,
      guestTags: [],
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Photos and videos
        </label>
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          multiple
          accept={`image/jpeg,image/png,image/webp,image/heic,.jpg,.jpeg,.png,.webp,.heic,${CLIP_ACCEPT}`}
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
          className="rounded-xl border border-dashed border-input bg-surface p-3 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary-soft file:px-4 file:py-2 file:font-semibold file:text-primary"
        />
        {files.length > 0 && (
          <>
            <p className="text-sm text-muted-foreground">{files.length === 1 ? `1 ${noun} chosen` : `${files.length} ${noun}s chosen`}</p>
            <ul aria-label="Chosen files" className="flex flex-col gap-0.5 text-sm">
              {files.map((file, index) => (
                <li key={`${index}-${file.name}`} className="truncate">
                  {file.name}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <TextField label={forAll("Title")} value={title} maxLength={TITLE_MAX_LENGTH} onChange={(event) => setTitle(event.target.value)} />
      <TextAreaField label={forAll("Description")} value={description} onChange={(event) => setDescription(event.target.value)} />
      <TextField label={forAll("Alt text")} hint="Describe the photo for people using screen readers." value={altText} onChange={(event) => setAltText(event.target.value)} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Week" type="number" inputMode="numeric" min={0} max={PHOTO_LAST_WEEK} value={week} onChange={(event) => setWeek(event.target.value)} />
        <ItemPrivacyField label="Who can see them" value={privacyLevel} onChange={setPrivacyLevel} />
      </div>
      <TextField label="Tags" hint="Separate tags with commas, e.g. bump, nursery" value={tags} onChange={(event) => setTags(event.target.value)} />
      <Button type="submit" disabled={files.length === 0}>
        Upload
      </Button>
    </form>
  );
}

function UploadProgress({ queue, onDone }: { queue: ReturnType<typeof useUploadQueue>; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold" id="overall-progress-label">
          {queue.running ? `Uploading ${queue.finished} of ${queue.items.length}…` : `Finished: ${queue.items.filter((i) => i.status === "done").length} of ${queue.items.length} uploaded`}
        </p>
        <progress aria-labelledby="overall-progress-label" max={100} value={queue.overall} className={clsx("h-2 w-full", queue.failed ? "accent-danger" : "accent-primary")} />
      </div>
      <ul aria-label="Files" className="flex flex-col gap-2">
        {queue.items.map((item) => (
          <FileRow key={item.key} item={item} />
        ))}
      </ul>
      {queue.running ? (
        <Button variant="danger" onClick={queue.cancel}>
          Cancel upload
        </Button>
      ) : (
        <Button onClick={onDone}>Done</Button>
      )}
    </div>
  );
}

function FileRow({ item }: { item: UploadItem }) {
  return (
    <li className={clsx("flex flex-col gap-1 rounded-xl border px-3 py-2", item.status === "failed" ? "border-danger bg-danger-soft" : "border-border")}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="min-w-0 truncate font-semibold">{item.file.name}</span>
        <span className="shrink-0 text-sm">{STATUS_TEXT[item.status]}</span>
      </div>
      {item.status === "preparing" && <progress aria-label={`${item.file.name} preparing`} max={100} value={Math.floor(item.preparing * PERCENT)} className="h-1.5 w-full accent-primary" />}
      {(item.status === "uploading" || item.status === "done") && (
        <progress aria-label={`${item.file.name} upload progress`} max={100} value={Math.floor((arrivedBytes(item) / Math.max(1, item.totalBytes)) * PERCENT)} className="h-1.5 w-full accent-primary" />
      )}
      {item.errors.map((error) => (
        <p key={error} className="text-sm text-danger-foreground">
          {error}
        </p>
      ))}
      {item.warnings.map((warning) => (
        <p key={warning} className="text-sm text-muted-foreground">
          {warning}
        </p>
      ))}
    </li>
  );
}
