import { useEffect, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { Composer } from "./Composer";
import { MessageItem } from "./MessageItem";
import { useKeptState } from "../../lib/keptState";
import { fromRoom, mergeById, unsent, type ChatMessage, type ListedMessage } from "./timeline";
import { memberName, type WaitingRoomModel } from "./useWaitingRoom";
import { WAITING_ROOM_REPLY_PAGE_SIZE } from "../../domain/waitingRoom";

type Reply = ListedMessage & { status: ChatMessage["status"] };

const noReplies = (): readonly Reply[] => [];

/**
 * A message's replies (one level), 20 at a time with 'Show more replies', new ones live, and a
 * reply box. The user's replies show as sending, and can be sent again if they failed.
 */
export function ThreadDialog({ room, message, onClose }: { room: WaitingRoomModel; message: ChatMessage; onClose: () => void }) {
  const trpc = useTRPC();
  const input = { ...room.scope, messageId: message.id };
  const pages = useInfiniteQuery(
    trpc.waitingRoom.messages.replies.infiniteQueryOptions(input, {
      initialCursor: 0,
      getNextPageParam: (last, all) => {
        const loaded = all.reduce((sum, page) => sum + page.replies.length, 0);
        return loaded < last.total && last.replies.length === WAITING_ROOM_REPLY_PAGE_SIZE ? loaded : undefined;
      },
    }),
  );
  // Kept for the page: a reply on its way or failed is still here when the thread is opened again.
  const [live, setLive] = useKeptState(`waiting-room:${room.scope.pregnancyId}:thread:${message.id}:replies`, noReplies);
  useEffect(() => setLive(unsent), [setLive]);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());

  const { subscribe } = room;
  useEffect(
    () =>
      subscribe((event) => {
        if (event.kind === "message" && event.message.parentMessageId === message.id) setLive((current) => mergeById(current, [{ ...fromRoom(event.message), status: "sent" }]));
        if (event.kind === "message-deleted") setDeleted((current) => new Set(current).add(event.messageId));
      }),
    [subscribe, message.id, setLive],
  );

  const loaded = (pages.data?.pages ?? []).flatMap((page) => page.replies.map((reply): Reply => ({ ...reply, status: "sent" })));
  // Live replies beyond the loaded pages would jump the paging; they show once the pages reach them.
  const replies = mergeById(
    loaded,
    live.filter((reply) => !pages.hasNextPage || reply.status !== "sent" || loaded.some((l) => l.id === reply.id)),
  ).filter((reply) => !deleted.has(reply.id));

  async function send(content: string, imageName: string | undefined, id: string = crypto.randomUUID()) {
    const local: Reply = { ...fromRoom({ id, parentMessageId: message.id, authorId: room.userId, kind: "standard", content, storagePath: imageName ?? null, imageUrl: null, clipId: null, createdAt: new Date().toISOString() }), status: "sending" };
    setLive((current) => mergeById(current, [local]));
    try {
      const sent = await room.sendMessage({ content, parentMessageId: message.id, ...(imageName ? { imageName } : {}) }, id);
      setLive((current) => mergeById(current, [{ ...sent, status: "sent" }]));
    } catch {
      setLive((current) => current.map((reply) => (reply.id === id && reply.status !== "sent" ? { ...reply, status: "failed" } : reply)));
    }
  }

  const total = Math.max(message.replyCount, replies.length);
  return (
    <Dialog open onClose={onClose} title={`Replies to ${message.authorId ? memberName(room.memberById.get(message.authorId) ?? message.author) : "the waiting room"}`} size="lg">
      <MessageItem message={message} pregnancyId={room.scope.pregnancyId} memberById={room.memberById} />
      <p className="text-sm font-semibold text-muted-foreground">{total === 1 ? "1 reply" : `${total} replies`}</p>
      {pages.isPending ? (
        <Spinner label="Loading replies" />
      ) : (
        <ol aria-label="Replies" className="flex flex-col gap-1 border-l-2 border-border pl-2">
          {replies.map((reply) => (
            <li key={reply.id}>
              <MessageItem
                message={reply}
                pregnancyId={room.scope.pregnancyId}
                memberById={room.memberById}
                onRetry={() => {
                  setLive((current) => current.filter((r) => r.id !== reply.id));
                  void send(reply.content, reply.storagePath?.split("/").pop(), reply.id);
                }}
                onDelete={!room.readOnly && room.canDelete(reply) ? () => room.deleteMessage(reply.id).then(() => setDeleted((current) => new Set(current).add(reply.id))) : undefined}
              />
            </li>
          ))}
        </ol>
      )}
      {pages.hasNextPage && (
        <Button variant="ghost" size="sm" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()} className="self-start">
          Show more replies
        </Button>
      )}
      <Composer label="Reply" draftKey={`waiting-room:${room.scope.pregnancyId}:thread:${message.id}`} placeholder="Write a reply…" imagePregnancyId={room.scope.pregnancyId} onSend={({ content, imageName }) => void send(content, imageName)} />
    </Dialog>
  );
}
