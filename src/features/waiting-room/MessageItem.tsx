import { useState } from "react";
import { clsx } from "clsx";
import { photoUrls } from "../../domain/photos";
import { QUICK_REACTIONS } from "../../domain/messaging";
import { Avatar } from "../../ui/Avatar";
import { ConfirmDialog } from "../../ui/Dialog";
import { LogoMark } from "../../ui/icons";
import type { ChatMessage, ListedMessage } from "./timeline";
import { memberName, type RoomMember } from "./useWaitingRoom";
import { ROOM_CLIP_UNAVAILABLE, WAITING_ROOM_TOASTS } from "../../domain/waitingRoom";
import { dateFormat } from "../../lib/format";

const timeFormat = dateFormat({ hour: "numeric", minute: "2-digit" });

export const roomImageUrl = (pregnancyId: string, storagePath: string) => `/api/waiting-room/${pregnancyId}/images/${storagePath.split("/").pop() ?? ""}`;

interface MessageItemProps {
  message: ChatMessage | (ListedMessage & { status?: ChatMessage["status"] });
  pregnancyId: string;
  memberById: ReadonlyMap<string, RoomMember>;
  onRetry?: () => void;
  onReact?: (emoji: string) => void;
  onOpenThread?: () => void;
  /** Deletes the message; rejects (after telling the user) when it could not. */
  onDelete?: () => Promise<unknown>;
  /** Pinned at the top: the photo is kept small enough to show whole in the pinned list's height. */
  pinned?: boolean;
}

/**
 * One message: author, time, text and photo; parent updates stand out and system notices read as
 * notices. The sender sees 'Sending…' and, when it failed, a button that sends it again.
 */
export function MessageItem({ message, pregnancyId, memberById, onRetry, onReact, onOpenThread, onDelete, pinned = false }: MessageItemProps) {
  const [picking, setPicking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const author = message.author ?? (message.authorId ? memberById.get(message.authorId) : undefined) ?? null;
  const name = message.authorId ? memberName(author) : "Waiting room";
  const isUpdate = message.kind === "parent_update";
  const sentAt = new Date(message.createdAt);

  return (
    <article
      aria-label={`${isUpdate ? "Parent update" : "Message"} from ${name}`}
      className={clsx("flex gap-3 rounded-2xl px-3 py-2", isUpdate && "border border-primary/40 bg-primary-soft", message.status === "failed" && "bg-danger-soft")}
    >
      {author ? <Avatar firstName={author.firstName} lastName={author.lastName} avatarUrl={author.avatarUrl} /> : <LogoMark className="size-10" />}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{name}</span>
          {isUpdate && <span className="rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground">Parent update</span>}
          <time dateTime={message.createdAt} className="text-muted-foreground">
            {timeFormat.format(sentAt)}
          </time>
        </p>
        {message.content && <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.content}</p>}
        {message.storagePath && <img src={message.imageUrl ?? roomImageUrl(pregnancyId, message.storagePath)} alt={`Photo from ${name}`} loading="lazy" className={clsx("max-w-full self-start rounded-xl object-contain", pinned ? "max-h-32" : "max-h-72")} />}
        {message.clipId && <RoomClip pregnancyId={pregnancyId} clipId={message.clipId} label={`Video from ${name}`} pinned={pinned} />}
        {message.status === "sending" && <p className="text-xs text-muted-foreground">Sending…</p>}
        {message.status === "failed" && onRetry && (
          <button type="button" onClick={onRetry} className="self-start text-left text-sm font-semibold text-danger underline underline-offset-2">
            {WAITING_ROOM_TOASTS.messageFailed}
          </button>
        )}
        {message.status !== "sending" && message.status !== "failed" && (onReact || onOpenThread || onDelete) && (
          <div className="flex flex-wrap items-center gap-1.5">
            {message.reactions.map((reaction) => (
              <button
                key={reaction.emoji}
                type="button"
                aria-pressed={reaction.reactedByMe}
                aria-label={`${reaction.emoji} ${reaction.count}`}
                disabled={!onReact}
                onClick={() => onReact?.(reaction.emoji)}
                className={clsx(
                  "min-h-8 rounded-full border px-2.5 text-sm focus-visible:outline-2 focus-visible:outline-ring",
                  reaction.reactedByMe ? "border-primary bg-primary-soft font-semibold" : "border-border bg-surface",
                )}
              >
                {reaction.emoji} {reaction.count}
              </button>
            ))}
            {onReact && (
              <button
                type="button"
                aria-expanded={picking}
                onClick={() => setPicking((open) => !open)}
                className="min-h-8 rounded-full px-2.5 text-sm text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                Add reaction
              </button>
            )}
            {onOpenThread && (
              <button type="button" onClick={onOpenThread} className="min-h-8 rounded-full px-2.5 text-sm font-semibold text-link hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                {message.replyCount === 0 ? "Reply" : message.replyCount === 1 ? "1 reply" : `${message.replyCount} replies`}
              </button>
            )}
            {onDelete && (
              <button
                type="button"
                onClick={() => setDeleting(true)}
                className="min-h-8 rounded-full px-2.5 text-sm text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                Delete
              </button>
            )}
          </div>
        )}
        {picking && onReact && (
          <div role="group" aria-label="Reactions" className="flex flex-wrap gap-1">
            {QUICK_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                aria-label={`React with ${emoji}`}
                onClick={() => {
                  setPicking(false);
                  onReact(emoji);
                }}
                className="size-10 rounded-full text-xl hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                {emoji}
              </button>
            ))}
          </div>
        )}
      </div>
      {onDelete && (
        <ConfirmDialog
          open={deleting}
          onClose={() => setDeleting(false)}
          title="Delete this message?"
          description="Its replies and their photos are deleted with it, for everyone. This cannot be undone."
          confirmLabel="Delete message"
          onConfirm={onDelete}
        />
      )}
    </article>
  );
}

/**
 * A clip a message carries, from the album's checked route (the player asks for ranges as it
 * plays). Its audience is the album's: someone the parents have since left out is told so, not
 * shown a broken player.
 */
function RoomClip({ pregnancyId, clipId, label, pinned }: { pregnancyId: string; clipId: string; label: string; pinned: boolean }) {
  const [unavailable, setUnavailable] = useState(false);
  if (unavailable) return <p className="text-sm text-muted-foreground">{ROOM_CLIP_UNAVAILABLE}</p>;
  const urls = photoUrls(pregnancyId, clipId);
  return (
    <video
      src={urls.url}
      poster={urls.thumbnailUrl}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      onError={() => setUnavailable(true)}
      className={clsx("max-w-full self-start rounded-xl bg-black", pinned ? "max-h-32" : "max-h-72")}
    />
  );
}
