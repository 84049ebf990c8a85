import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import type { RoomDirectMessage } from "../../domain/pregnancyRoom";
import { checkSendThrottle, DIRECT_MESSAGE_MIN_GAP_MS } from "../../domain/messaging";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/fields";
import { Spinner } from "../../ui/Spinner";
import { Composer } from "./Composer";
import { notificationsSupported } from "./dmAlert";
import { useKeptState } from "../../lib/keptState";
import { mergeById, unsent, type MessageStatus } from "./timeline";
import { isTooFast, memberName, sendWithRetries, toastText, type RoomMember, type WaitingRoomModel } from "./useWaitingRoom";
import { WAITING_ROOM_TOASTS } from "../../domain/waitingRoom";
import { dateFormat } from "../../lib/format";

type DirectMessage = RoomDirectMessage & { status: MessageStatus };

const noMessages = (): readonly DirectMessage[] => [];

const timeFormat = dateFormat({ hour: "numeric", minute: "2-digit" });

/**
 * Direct messages: the user's conversations (newest activity first, unread counts) and anyone in
 * the room to start one with; a conversation reads live and is marked read while open.
 */
export function DirectMessages({ room, linkedConversationId }: { room: WaitingRoomModel; linkedConversationId?: string | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const conversations = useQuery(trpc.waitingRoom.dms.conversations.queryOptions(room.scope));
  const [chosen, setOpen] = useState<{ id: string; other: RoomMember | { id: string; firstName: string; lastName: string; avatarUrl: string | null } } | null>(null);
  // The conversation the address names (a push opened it) shows first, until the user goes back.
  const [linkFollowed, setLinkFollowed] = useState(false);
  const linked = linkFollowed ? undefined : conversations.data?.find((c) => c.id === linkedConversationId);
  const open = chosen ?? (linked ? { id: linked.id, other: linked.other } : null);
  const [choice, setChoice] = useState("");
  const startConversation = useMutation(trpc.waitingRoom.dms.open.mutationOptions());

  const others = (room.members.data ?? []).filter((m) => m.id !== room.userId);

  async function start() {
    const other = others.find((m) => m.id === choice);
    if (!other) return;
    try {
      const { id } = await startConversation.mutateAsync({ ...room.scope, otherUserId: other.id });
      setOpen({ id, other });
      setChoice("");
      void queryClient.invalidateQueries(trpc.waitingRoom.dms.conversations.queryFilter(room.scope));
    } catch {
      toastText(WAITING_ROOM_TOASTS.unexpected);
    }
  }

  if (open)
    return (
      <Conversation
        room={room}
        conversationId={open.id}
        other={open.other}
        onBack={() => {
          setOpen(null);
          setLinkFollowed(true);
        }}
      />
    );

  return (
    <section aria-labelledby="dm-heading" className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto rounded-card border border-border bg-surface p-3">
      <h2 id="dm-heading" className="text-lg font-bold">
        Direct messages
      </h2>
      <NotificationOffer />
      {others.length > 0 && !room.readOnly && (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <SelectField label="Message someone" value={choice} onChange={(event) => setChoice(event.target.value)} className="min-w-0 flex-1">
            <option value="">Choose a person…</option>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {memberName(m)}
                {m.displayTitle ? ` (${m.displayTitle})` : ""}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" disabled={!choice} loading={startConversation.isPending}>
            Open
          </Button>
        </form>
      )}
      {conversations.isPending ? (
        <Spinner label="Loading conversations" />
      ) : (conversations.data ?? []).length === 0 ? (
        <p className="text-muted-foreground">No conversations yet.</p>
      ) : (
        <ul aria-label="Conversations" className="flex flex-col gap-1">
          {(conversations.data ?? []).map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => setOpen({ id: c.id, other: c.other })} className="flex min-h-12 w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                <Avatar firstName={c.other.firstName} lastName={c.other.lastName} avatarUrl={c.other.avatarUrl} size="sm" />
                <span className="min-w-0 flex-1 truncate font-semibold">{memberName(c.other)}</span>
                {c.unread > 0 && (
                  <span className="rounded-full bg-primary px-2 text-sm font-bold text-primary-foreground">
                    {c.unread}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Asks, once, to allow browser notifications so a direct message can reach a hidden tab. */
function NotificationOffer() {
  const [permission, setPermission] = useState(() => (notificationsSupported() ? Notification.permission : "denied"));
  if (permission !== "default") return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl bg-muted px-3 py-2 text-sm">
      <span className="flex-1">Get a notification when someone messages you while this tab is in the background.</span>
      <Button variant="secondary" size="sm" onClick={() => void Notification.requestPermission().then(setPermission)}>
        Turn on notifications
      </Button>
    </div>
  );
}

function Conversation({ room, conversationId, other, onBack }: { room: WaitingRoomModel; conversationId: string; other: { id: string; firstName: string; lastName: string; avatarUrl: string | null }; onBack: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const input = { ...room.scope, conversationId };
  const history = useQuery(trpc.waitingRoom.dms.messages.queryOptions(input));
  // Kept for the page: a message on its way or failed is still here after 'Back to conversations'.
  const [live, setLive] = useKeptState(`waiting-room:${room.scope.pregnancyId}:dm:${conversationId}`, noMessages);
  useEffect(() => setLive(unsent), [setLive]);
  const lastSentAt = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const markRead = useMutation(trpc.waitingRoom.dms.markRead.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries(trpc.waitingRoom.dms.conversations.queryFilter(room.scope)) }));
  const { mutate: markConversationRead } = markRead;
  const scope = room.scope;
  // Marking read is a change too: after the service end the server refuses it, so it is not asked.
  const markAsRead = useCallback(() => {
    if (!room.readOnly) markConversationRead({ ...scope, conversationId });
  }, [room.readOnly, markConversationRead, scope, conversationId]);

  useEffect(markAsRead, [markAsRead]);

  const { subscribe } = room;
  useEffect(
    () =>
      subscribe((event) => {
        if (event.kind !== "direct-message" || event.message.conversationId !== conversationId) return;
        setLive((current) => mergeById(current, [{ ...event.message, status: "sent" }]));
        if (event.message.authorId !== room.userId) markAsRead();
      }),
    [subscribe, conversationId, markAsRead, room.userId, setLive],
  );

  const messages = mergeById(
    (history.data?.messages ?? []).map((m): DirectMessage => ({ ...m, status: "sent" })),
    live,
  );

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  async function send(content: string, id: string = crypto.randomUUID()) {
    const local: DirectMessage = { id, conversationId, authorId: room.userId, content, createdAt: new Date().toISOString(), status: "sending" };
    setLive((current) => mergeById(current, [local]));
    const fail = (text: string) => {
      setLive((current) => current.map((m) => (m.id === id && m.status !== "sent" ? { ...m, status: "failed" } : m)));
      toastText(text);
    };
    const now = Date.now();
    const tooFast = checkSendThrottle(lastSentAt.current, now, DIRECT_MESSAGE_MIN_GAP_MS);
    if (tooFast) return fail(tooFast);
    lastSentAt.current = now;
    try {
      const sent = await sendWithRetries(() => client.waitingRoom.dms.send.mutate({ ...room.scope, id, recipientId: other.id, content }));
      setLive((current) => mergeById(current, [{ ...sent, status: "sent" }]));
    } catch (error) {
      fail(isTooFast(error) ? WAITING_ROOM_TOASTS.tooFast : WAITING_ROOM_TOASTS.directMessageFailed);
    }
  }

  const name = memberName(other);
  return (
    <section aria-labelledby="conversation-heading" className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-card border border-border bg-surface">
      <div className="flex items-center gap-2 border-b border-border p-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          Back to conversations
        </Button>
        <h2 id="conversation-heading" className="min-w-0 flex-1 truncate text-lg font-bold">
          {name}
        </h2>
      </div>
      {history.isPending ? (
        <Spinner label="Loading messages" className="m-4" />
      ) : (
        <ol ref={listRef} aria-label={`Messages with ${name}`} className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-3">
          {messages.length === 0 && <li className="text-center text-muted-foreground">Say hello to {name}. Only the two of you see this conversation.</li>}
          {messages.map((m) => {
            const mine = m.authorId === room.userId;
            return (
              <li key={m.id} className={clsx("flex max-w-[85%] flex-col gap-0.5", mine ? "self-end items-end" : "self-start")}>
                <p className={clsx("rounded-2xl px-3 py-2 whitespace-pre-wrap [overflow-wrap:anywhere]", mine ? "bg-primary text-primary-foreground" : "bg-muted", m.status === "failed" && "opacity-70")}>
                  <span className="sr-only">{mine ? "You" : name}: </span>
                  {m.content}
                </p>
                <span className="text-xs text-muted-foreground">
                  {m.status === "sending" ? "Sending…" : <time dateTime={m.createdAt}>{timeFormat.format(new Date(m.createdAt))}</time>}
                </span>
                {m.status === "failed" && (
                  <button
                    type="button"
                    onClick={() => {
                      setLive((current) => current.filter((x) => x.id !== m.id));
                      void send(m.content, m.id);
                    }}
                    className="text-sm font-semibold text-danger underline underline-offset-2"
                  >
                    {WAITING_ROOM_TOASTS.messageFailed}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Composer label={`Message ${name}`} draftKey={`waiting-room:${room.scope.pregnancyId}:dm:${conversationId}`} placeholder="Type a message…" onSend={({ content }) => void send(content)} />
    </section>
  );
}
