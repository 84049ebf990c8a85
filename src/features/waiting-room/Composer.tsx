import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useDraft } from "../../lib/useDraft";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { imageUploadProblem, uploadImage } from "../../lib/imageUpload";
import { Button } from "../../ui/Button";
import { FilmIcon, ImageIcon } from "../../ui/icons";
import { toast } from "../../ui/toast";
import { PHOTO_TOASTS } from "../../domain/photos";
import { PHOTO_MAX_FILE_BYTES } from "../../domain/uploads";
import { WAITING_ROOM_MESSAGE_MAX_LENGTH } from "../../domain/waitingRoom";
import { formatPercent } from "../../lib/format";
import { checkAlbumFile, CLIP_ACCEPT, CLIP_HEADER_BYTES, CLIP_MESSAGES } from "../../domain/clips";
import { DEFAULT_WEEK, photoWeekOn } from "../../domain/photos";
import { PERCENT } from "../../domain/units";
import { ROOM_CLIP_AUDIENCE } from "../../domain/waitingRoom";
import { sendClipFile } from "../../lib/clipSend";
import { ClipRefusal } from "../../lib/clipUploader";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";

export interface ComposedMessage {
  content: string;
  imageName?: string;
  /** A clip just put in the album. */
  clipId?: string;
}

interface ComposerProps {
  /** The text box's accessible name, e.g. 'Message the waiting room'. */
  label: string;
  /** Names this box's draft, kept until the message is in its list (e.g. `waiting-room:<pregnancy>:group`). */
  draftKey: string;
  placeholder: string;
  /** Puts the message in its list (it shows there as sending) or sends it; a rejection keeps the draft. */
  onSend: (message: ComposedMessage) => Promise<unknown> | void;
  onTyping?: () => void;
  /** Waiting-room images go to this pregnancy's image route; without it, text only. */
  imagePregnancyId?: string;
  /** Videos go to this pregnancy's album (for those who may add to it); without it, none. */
  clipPregnancyId?: string;
  /** A line under the box (a guest's photo quota). */
  note?: string;
  disabled?: boolean;
}

/** An image uploaded to the room's image route as soon as it is chosen, with its preview and progress. */
export function useRoomImage(pregnancyId: string | undefined) {
  const [image, setImage] = useState<{ name: string; preview: string } | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);

  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.preview);
  }, [image]);

  async function attach(file: File | undefined) {
    if (!file || !pregnancyId) return;
    setUploading(0);
    try {
      const name = await uploadImage(`/api/waiting-room/${pregnancyId}/images`, file, "imageName", setUploading);
      setImage({ name, preview: URL.createObjectURL(file) });
    } catch (error) {
      toast({ title: PHOTO_TOASTS.uploadFailed, description: imageUploadProblem(error, PHOTO_MAX_FILE_BYTES), variant: "error" });
    } finally {
      setUploading(null);
    }
  }

  return { pregnancyId, image, uploading, attach, clear: () => setImage(null) };
}

export type RoomImage = ReturnType<typeof useRoomImage>;

/**
 * A video sent from the room goes to the album first (in parts, with its display copy and poster,
 * shown to the whole family circle), and the message carries it: the room plays it from there.
 */
export function useRoomClip(pregnancyId: string | undefined) {
  const [clip, setClip] = useState<{ id: string; name: string } | null>(null);
  const [progress, setProgress] = useState<{ phase: "preparing" | "uploading"; percent: number } | null>(null);
  const { pregnancy } = usePregnancyContext();
  const { today } = useFamilyTime();

  async function attach(file: File | undefined) {
    if (!file || !pregnancyId) return;
    const check = checkAlbumFile({ name: file.name, size: file.size, type: file.type, bytes: new Uint8Array(await file.slice(0, CLIP_HEADER_BYTES).arrayBuffer()) }, 1);
    if (check.kind !== "clip" || check.errors.length > 0) {
      toast({ title: PHOTO_TOASTS.uploadFailed, description: check.errors[0] ?? CLIP_MESSAGES.unreadable(1), variant: "error" });
      return;
    }
    setProgress({ phase: "preparing", percent: 0 });
    try {
      const week = pregnancy ? photoWeekOn(pregnancy.dueDate, today) : DEFAULT_WEEK;
      const { photoId } = await sendClipFile(pregnancyId, file, {
        fileNumber: 1,
        metadata: { week, privacyLevel: ROOM_CLIP_AUDIENCE, tags: [], guestTags: [] },
        onPreparing: (fraction) => setProgress((current) => (current?.phase === "uploading" ? current : { phase: "preparing", percent: Math.floor(fraction * PERCENT) })),
        onBytes: (sent, total) => setProgress({ phase: "uploading", percent: Math.min(PERCENT - 1, Math.floor((sent / total) * PERCENT)) }),
        signal: new AbortController().signal,
      });
      if (photoId) setClip({ id: photoId, name: file.name });
    } catch (error) {
      toast({ title: PHOTO_TOASTS.uploadFailed, description: error instanceof ClipRefusal ? error.message : undefined, variant: "error" });
    } finally {
      setProgress(null);
    }
  }

  return { clip, progress, attach, clear: () => setClip(null) };
}

export type RoomClip = ReturnType<typeof useRoomClip>;

/** 'Attach video'. */
export function AttachVideoButton({ attachment, disabled = false }: { attachment: RoomClip; disabled?: boolean }) {
  return <AttachButton accept={CLIP_ACCEPT} label="Attach video" icon={<FilmIcon />} busy={attachment.progress !== null} disabled={disabled} onFile={(file) => void attachment.attach(file)} />;
}

/** The chosen video's name with 'Remove video', or its progress. */
export function AttachedVideo({ attachment }: { attachment: RoomClip }) {
  const { clip, progress } = attachment;
  const status = progress && `${progress.phase === "preparing" ? "Preparing video…" : "Uploading video…"} ${formatPercent(progress.percent)}`;
  return <Attached shown={clip && <span className="min-w-0 truncate text-sm">{clip.name}</span>} removeLabel="Remove video" onRemove={attachment.clear} status={status} />;
}

/** A button in front of a hidden file input (the input itself is not focusable). */
function AttachButton({ accept, label, icon, busy, disabled, onFile }: { accept: string; label: string; icon: ReactNode; busy: boolean; disabled: boolean; onFile: (file: File | undefined) => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <Button variant="ghost" size="md" aria-label={label} className="px-3" disabled={disabled || busy} onClick={() => fileRef.current?.click()}>
        {icon}
      </Button>
    </>
  );
}

/** 'Attach photo'. */
export function AttachPhotoButton({ attachment, disabled = false, label = "Attach photo" }: { attachment: RoomImage; disabled?: boolean; label?: string }) {
  return <AttachButton accept="image/jpeg,image/png,image/webp,image/heic" label={label} icon={<ImageIcon />} busy={attachment.uploading !== null} disabled={disabled} onFile={(file) => void attachment.attach(file)} />;
}

/** What is attached, with its remove button, or the upload's progress. */
function Attached({ shown, removeLabel, onRemove, status }: { shown: ReactNode; removeLabel: string; onRemove: () => void; status: string | null }) {
  return (
    <>
      {shown && (
        <div className="flex items-center gap-3">
          {shown}
          <Button variant="ghost" size="sm" onClick={onRemove}>
            {removeLabel}
          </Button>
        </div>
      )}
      {status !== null && (
        <p role="status" className="text-sm text-muted-foreground">
          {status}
        </p>
      )}
    </>
  );
}

/** The chosen photo's preview with 'Remove photo', or the upload's progress. */
export function AttachedPhoto({ attachment }: { attachment: RoomImage }) {
  const { image, uploading } = attachment;
  return (
    <Attached
      shown={image && <img src={image.preview} alt="Photo to send" className="size-16 rounded-lg object-cover" />}
      removeLabel="Remove photo"
      onRemove={attachment.clear}
      status={uploading === null ? null : `Uploading photo… ${formatPercent(uploading)}`}
    />
  );
}

/**
 * The message box at the bottom of the chat, a thread or a conversation: Enter sends, Shift+Enter
 * starts a new line. The text is a draft that outlives the box (a remount finds it again); it
 * clears once `onSend` has put the message in its list as sending, where a failed one is retried.
 */
export function Composer({ label, draftKey, placeholder, onSend, onTyping, imagePregnancyId, clipPregnancyId, note, disabled = false }: ComposerProps) {
  const inputId = useId();
  const { value: text, setValue: setText, send } = useDraft(draftKey, "");
  const attachment = useRoomImage(imagePregnancyId);
  const video = useRoomClip(clipPregnancyId);
  const { image } = attachment;
  const clip = video.clip;
  // Nothing is sent while a picture or a video is still on its way.
  const uploading = attachment.uploading ?? video.progress;
  const readOnly = usePregnancyReadOnly();

  // After the service end nothing can be sent: no box to type into (the page says why in one line).
  if (readOnly) return null;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = text.trim();
    if ((!content && !image && !clip) || uploading !== null || disabled) return;
    void send(() => onSend({ content, ...(image ? { imageName: image.name } : {}), ...(clip ? { clipId: clip.id } : {}) })).then((accepted) => {
      if (!accepted) return;
      attachment.clear();
      video.clear();
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-border bg-surface p-2 sm:p-3">
      <AttachedPhoto attachment={attachment} />
      <AttachedVideo attachment={video} />
      {note && (image || attachment.uploading !== null) && <p className="text-sm text-muted-foreground">{note}</p>}
      <div className="flex items-end gap-2">
        {imagePregnancyId && <AttachPhotoButton attachment={attachment} disabled={disabled} />}
        {clipPregnancyId && <AttachVideoButton attachment={video} disabled={disabled} />}
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <textarea
          id={inputId}
          rows={1}
          value={text}
          placeholder={placeholder}
          maxLength={WAITING_ROOM_MESSAGE_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value) onTyping?.();
          }}
          onKeyDown={handleKeyDown}
          className="max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-input bg-background px-4 py-2.5 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
        <Button type="submit" disabled={disabled || uploading !== null || (!text.trim() && !image && !clip)}>
          Send
        </Button>
      </div>
    </form>
  );
}
