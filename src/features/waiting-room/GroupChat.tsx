import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { guestQuotaNote } from "../../domain/uploads";
import { daySeparators } from "../../domain/dayLabels";
import { useTRPC } from "../../lib/trpc";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { Composer } from "./Composer";
import { MessageItem } from "./MessageItem";
import { ThreadDialog } from "./ThreadDialog";
import { typingText } from "./typing";
import { memberName, type WaitingRoomModel } from "./useWaitingRoom";

/** Within this distance of the bottom, new messages scroll into view; further up, the reader stays put. */
const STICK_TO_BOTTOM_PX = 120;

/**
 * The group chat: the latest 50 messages with older ones on scrolling up, replies in a thread,
 * reactions, who is typing and the message box. New messages keep the view at the bottom unless
 * the reader scrolled up to read.
 */
export function GroupChat({ room }: { room: WaitingRoomModel }) {
  const { timeline, scope, memberById } = room;
  const listRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const [threadId, setThreadId] = useState<string | null>(null);
  const thread = timeline.messages.find((m) => m.id === threadId) ?? null;
  // A guest's photos in the room count against their quota, stated where they attach one.
  const trpc = useTRPC();
  const storage = useQuery(trpc.photos.storage.queryOptions(scope, { enabled: !room.isParent }));
  const guestQuota = room.isParent ? null : (storage.data?.guest ?? null);
  // A video goes to the album first: for those who may add to it.
  const { access } = usePregnancyContext();
  const mayAddVideos = room.isParent || access?.permissions.canUploadPhotos === true || access?.permissions.canContributePhotos === true;

  // Keep the bottom in view for new messages; after an older page, keep the reader's place.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (heightBeforeOlder.current !== null) {
      list.scrollTop += list.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (stick.current) list.scrollTop = list.scrollHeight;
  }, [timeline.messages]);

  const { olderCursor } = timeline;
  const { loadOlder, loadingOlder } = room;
  useEffect(() => {
    const top = topRef.current;
    if (!top || !olderCursor) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loadingOlder && listRef.current && listRef.current.scrollTop > 0) {
        heightBeforeOlder.current = listRef.current.scrollHeight;
        void loadOlder();
      }
    });
    observer.observe(top);
    return () => observer.disconnect();
  }, [olderCursor, loadOlder, loadingOlder]);

  const typingNames = room.typingIds.map((id) => memberName(memberById.get(id)));
  // Each day's messages under its name, in the zone their times are shown in (the browser's).
  const separators = daySeparators(timeline.messages.map((m) => m.createdAt), new Date());

  return (
    <section aria-labelledby="group-chat-heading" className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-card border border-border bg-surface">
      <h2 id="group-chat-heading" className="sr-only">
        Group chat
      </h2>
      <div
        ref={listRef}
        onScroll={(event) => {
          const list = event.currentTarget;
          stick.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        className="min-h-0 flex-1 overflow-y-auto p-2 sm:p-3"
      >
        <div ref={topRef} />
        {olderCursor && (
          <div className="flex justify-center py-2">
            <Button
              variant="ghost"
              size="sm"
              loading={room.loadingOlder}
              onClick={() => {
                heightBeforeOlder.current = listRef.current?.scrollHeight ?? null;
                void room.loadOlder();
              }}
            >
              Load older messages
            </Button>
          </div>
        )}
        {!timeline.loaded ? (
          room.latest.isError ? (
            <p className="p-4 text-center text-muted-foreground">The messages could not be loaded. They will appear when the connection is back.</p>
          ) : (
            <div className="flex justify-center p-6">
              <Spinner label="Loading messages" />
            </div>
          )
        ) : timeline.messages.length === 0 ? (
          <p className="p-6 text-center text-muted-foreground">No messages yet. Say hello to the family!</p>
        ) : (
          <ol aria-label="Messages" className="flex flex-col gap-1">
            {timeline.messages.map((message, index) => (
              <li key={message.id}>
                {separators[index] && <h3 className="py-2 text-center text-xs font-semibold text-muted-foreground">{separators[index]}</h3>}
                <MessageItem
                  message={message}
                  pregnancyId={scope.pregnancyId}
                  memberById={memberById}
                  onRetry={() => room.retryMessage(message)}
                  onReact={room.readOnly ? undefined : (emoji) => void room.toggleReaction(message.id, emoji)}
                  onOpenThread={room.readOnly && message.replyCount === 0 ? undefined : () => setThreadId(message.id)}
                  onDelete={!room.readOnly && room.canDelete(message) ? () => room.deleteMessage(message.id) : undefined}
                />
              </li>
            ))}
          </ol>
        )}
      </div>
      <p aria-live="polite" className="min-h-6 px-4 text-sm text-muted-foreground">
        {typingText(typingNames)}
      </p>
      <Composer
        label="Message the waiting room"
        draftKey={`waiting-room:${scope.pregnancyId}:group`}
        placeholder="Say something…"
        imagePregnancyId={scope.pregnancyId}
        clipPregnancyId={mayAddVideos ? scope.pregnancyId : undefined}
        note={guestQuota ? guestQuotaNote(guestQuota.used) : undefined}
        onTyping={room.signalTyping}
        onSend={(message) => {
          stick.current = true;
          if ((message.imageName || message.clipId) && guestQuota) void storage.refetch();
          room.sendMessage(message).catch(() => undefined);
        }}
      />
      {thread && <ThreadDialog room={room} message={thread} onClose={() => setThreadId(null)} />}
    </section>
  );
}
