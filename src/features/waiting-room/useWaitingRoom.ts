/**
 * Everything the waiting-room screen shows, live: the room's state, its members, the group chat
 * (pages merged with room events and the user's messages in flight), presence and typing. Writes
 * go through tRPC (retried 3 times from 300 ms unless refused with a 4xx) under client ids, so a
 * retry or a catch-up never shows a message twice.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { missedBeforeJoining, type RoomEvent, type RoomServerMessage } from "../../domain/pregnancyRoom";
import type { UserMode } from "../../domain/enums";
import { splitToast } from "../../domain/errors";
import { checkSendThrottle, GROUP_MESSAGE_MIN_GAP_MS, MESSAGE_RETRY_DELAYS_MS, shouldRetry } from "../../domain/messaging";
import { appCodeOf, httpStatusOf } from "../../lib/query-client";
import { memberName } from "../../lib/memberName";
import { useKeptState } from "../../lib/keptState";
import { withRetries } from "../../lib/retry";
import type { ScreenReads } from "../../lib/screenReads";
import { useTRPC, useTRPCClient, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import { alertIncomingDirectMessage } from "./dmAlert";
import { openRoomSocket, type RoomSocket, type RoomStatus } from "../../lib/roomSocket";
import { emptyTimeline, timelineReducer, type ChatMessage, type ListedMessage, type TimelineAction } from "./timeline";
import { WAITING_ROOM_TOASTS } from "../../domain/waitingRoom";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

export const TYPING_EXPIRY_REMOTE_MS = 2000;

export const TYPING_EXPIRY_OWN_MS = 1500;

export type RoomMember = RouterOutputs["waitingRoom"]["members"][number];
export type RoomScope = { pregnancyId: string; mode: UserMode };

export interface NewMessage {
  content: string;
  imageName?: string;
  /** A clip the sender just put in the album. */
  clipId?: string;
  parentMessageId?: string;
}

/**
 * What /waiting-room reads once the user may be there (canAccessWaitingRoom): the room's state,
 * members, latest messages and direct conversations, and a guest's photo quota for attachments.
 */
export const waitingRoomReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, permissions, isParent }) => {
  if (!pregnancy || !permissions?.canAccessWaitingRoom) return;
  void queryClient.prefetchQuery(trpc.waitingRoom.state.queryOptions(pregnancy));
  void queryClient.prefetchQuery(trpc.waitingRoom.members.queryOptions(pregnancy));
  void queryClient.prefetchQuery(trpc.waitingRoom.messages.list.queryOptions(pregnancy));
  void queryClient.prefetchQuery(trpc.waitingRoom.dms.conversations.queryOptions(pregnancy));
  if (!isParent) void queryClient.prefetchQuery(trpc.photos.storage.queryOptions(pregnancy));
};

/** Retries a message write like the spec says: 300, 600, 1200 ms, not after a 4xx refusal. */
export function sendWithRetries<T>(write: () => Promise<T>): Promise<T> {
  return withRetries(write, { delaysMs: MESSAGE_RETRY_DELAYS_MS, shouldRetry: (error) => shouldRetry(httpStatusOf(error)) });
}

export const isTooFast = (error: unknown) => appCodeOf(error) === "TOO_FAST";

export function toastText(text: string, variant: "error" | "success" = "error") {
  toast({ ...splitToast(text), variant });
}

export { memberName };

type RoomListener = (event: RoomEvent) => void;

const startTimeline = () => emptyTimeline;

export function useWaitingRoom({ pregnancyId, mode }: RoomScope, userId: string, isParent = false) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const scope = useMemo(() => ({ pregnancyId, mode }), [pregnancyId, mode]);
  // After the service end the room is for reading: nothing offered that the server would refuse.
  const readOnly = usePregnancyReadOnly();

  const state = useQuery(trpc.waitingRoom.state.queryOptions(scope));
  const members = useQuery(trpc.waitingRoom.members.queryOptions(scope));
  const latest = useQuery(trpc.waitingRoom.messages.list.queryOptions(scope));
  // The page's, not the screen's: messages on their way or failed are still there when the parent comes back.
  const [timeline, updateTimeline] = useKeptState(`waiting-room:${pregnancyId}:timeline`, startTimeline);
  const dispatch = useCallback((action: TimelineAction) => updateTimeline((current) => timelineReducer(current, action)), [updateTimeline]);
  const [status, setStatus] = useState<RoomStatus>("connecting");
  const [presentIds, setPresentIds] = useState<readonly string[]>([]);
  const [typingUntil, setTypingUntil] = useState<ReadonlyMap<string, number>>(new Map());
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** The room's hello: its last event before this page's socket joined; undefined until it says, or once compared. */
  const [lastEventBeforeJoining, setLastEventBeforeJoining] = useState<number | null | undefined>(undefined);
  const socket = useRef<RoomSocket | null>(null);
  const listeners = useRef(new Set<RoomListener>());
  const lastSentAt = useRef<number | null>(null);
  const lastTypingSentAt = useRef(0);

  const memberById = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const me = memberById.get(userId) ?? null;

  useEffect(() => dispatch({ type: "reopened" }), [dispatch]);

  useEffect(() => {
    if (latest.data) dispatch({ type: "latest-page", messages: latest.data.messages, olderCursor: latest.data.olderCursor });
  }, [latest.data, dispatch]);

  // The latest handlers, read by the socket callbacks without reopening the socket.
  const onEvent = useRef<(event: RoomEvent) => void>(() => undefined);
  onEvent.current = (event: RoomEvent) => {
    switch (event.kind) {
      case "message":
        dispatch({ type: "received", message: event.message });
        if (event.message.authorId) stopTyping(event.message.authorId);
        if (event.message.kind === "parent_update") void queryClient.invalidateQueries(trpc.waitingRoom.state.queryFilter(scope));
        break;
      case "reaction":
        dispatch({ type: "reaction", messageId: event.messageId, emoji: event.emoji, reacted: event.reacted, mine: event.userId === userId });
        break;
      case "message-deleted":
        dispatch({ type: "removed", id: event.messageId });
        // Reply counts and pinned updates are read again rather than guessed.
        void queryClient.invalidateQueries(trpc.waitingRoom.messages.list.queryFilter(scope));
        void queryClient.invalidateQueries(trpc.waitingRoom.state.queryFilter(scope));
        break;
      case "direct-message":
        void queryClient.invalidateQueries(trpc.waitingRoom.dms.conversations.queryFilter(scope));
        if (event.message.authorId !== userId) void alertIncomingDirectMessage(userId, `New message from ${memberName(memberById.get(event.message.authorId))}`, event.message.content);
        break;
      case "state":
        queryClient.setQueryData(trpc.waitingRoom.state.queryKey(scope), (old) => (old ? { ...old, state: event.state, scheduledCloseAt: event.scheduledCloseAt } : old));
        void queryClient.invalidateQueries(trpc.waitingRoom.state.queryFilter(scope));
        break;
      case "session-closed":
        // The closing notice was written with the session's close; read it with the new state.
        void queryClient.invalidateQueries(trpc.waitingRoom.state.queryFilter(scope));
        void queryClient.invalidateQueries(trpc.waitingRoom.messages.list.queryFilter(scope));
        break;
    }
    for (const listener of listeners.current) listener(event);
  };

  function stopTyping(typistId: string) {
    setTypingUntil((current) => {
      if (!current.has(typistId)) return current;
      const next = new Map(current);
      next.delete(typistId);
      return next;
    });
  }

  useEffect(() => {
    let greeted = false;
    const handleMessage = (message: RoomServerMessage) => {
      // Only the first socket's: after a reconnection everything is read again anyway.
      if (message.type === "hello") {
        if (!greeted) setLastEventBeforeJoining(message.lastEventAt);
        greeted = true;
      } else if (message.type === "presence") setPresentIds(message.userIds);
      else if (message.type === "typing") setTypingUntil((current) => new Map(current).set(message.userId, Date.now() + TYPING_EXPIRY_REMOTE_MS));
      else onEvent.current(message.event);
    };
    socket.current = openRoomSocket(pregnancyId, "waiting-room", {
      onMessage: handleMessage,
      onStatus: setStatus,
      // Whatever was missed while the socket was down is read again; merging by id drops repeats.
      onReconnected: () => void queryClient.invalidateQueries(trpc.waitingRoom.pathFilter()),
    });
    return () => {
      socket.current?.close();
      socket.current = null;
    };
  }, [pregnancyId, queryClient, trpc]);

  // The room opened or the baby arrived while this page was loading and its socket not yet there:
  // the state and the latest messages are read again (one request), so no one waits on a stale
  // room. Only then: reads taken after the room's last event already hold it.
  const stateReadAt = state.data?.readAt;
  const latestReadAt = latest.data?.readAt;
  useEffect(() => {
    if (lastEventBeforeJoining === undefined || stateReadAt === undefined || latestReadAt === undefined) return;
    if (missedBeforeJoining(lastEventBeforeJoining, Math.min(stateReadAt, latestReadAt))) {
      void queryClient.invalidateQueries(trpc.waitingRoom.state.queryFilter({ pregnancyId }));
      void queryClient.invalidateQueries(trpc.waitingRoom.messages.list.queryFilter({ pregnancyId }));
    }
    setLastEventBeforeJoining(undefined);
  }, [lastEventBeforeJoining, stateReadAt, latestReadAt, pregnancyId, queryClient, trpc]);

  // Remote typing indicators expire 2 s after the last signal.
  useEffect(() => {
    if (typingUntil.size === 0) return;
    const soonest = Math.min(...typingUntil.values());
    const timer = setTimeout(() => {
      const now = Date.now();
      setTypingUntil((current) => new Map([...current].filter(([, until]) => until > now)));
    }, Math.max(0, soonest - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  /** Tells the room the user is typing; repeated at most every 1.5 s while they keep typing. */
  const signalTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSentAt.current < TYPING_EXPIRY_OWN_MS) return;
    lastTypingSentAt.current = now;
    socket.current?.send({ type: "typing" });
  }, []);

  const subscribe = useCallback((listener: RoomListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  /**
   * Sends a group message or a reply under `id` (new, or the failed message's id on a retry).
   * Top-level messages show at once as 'sending'; the promise rejects after the toast is shown.
   */
  async function sendMessage(input: NewMessage, id: string = crypto.randomUUID()): Promise<ListedMessage> {
    const local: ChatMessage = {
      id,
      parentMessageId: input.parentMessageId ?? null,
      authorId: userId,
      kind: "standard",
      content: input.content,
      storagePath: input.imageName ?? null,
      imageUrl: null,
      clipId: input.clipId ?? null,
      createdAt: new Date().toISOString(),
      author: me && { id: me.id, firstName: me.firstName, lastName: me.lastName, avatarUrl: me.avatarUrl },
      replyCount: 0,
      reactions: [],
      status: "sending",
    };
    const topLevel = !input.parentMessageId;
    if (topLevel) dispatch({ type: "sending", message: local });
    const fail = (text: string, error: unknown): never => {
      if (topLevel) dispatch({ type: "failed", id });
      toastText(text);
      throw error;
    };
    const now = Date.now();
    const tooFast = checkSendThrottle(lastSentAt.current, now, GROUP_MESSAGE_MIN_GAP_MS);
    if (tooFast) return fail(tooFast, new Error(tooFast));
    lastSentAt.current = now;
    try {
      const message = await sendWithRetries(() => client.waitingRoom.messages.send.mutate({ ...scope, id, ...input }));
      if (topLevel) dispatch({ type: "sent", message });
      else if (input.parentMessageId) dispatch({ type: "reply-counted", id, parentMessageId: input.parentMessageId });
      return message;
    } catch (error) {
      return fail(isTooFast(error) ? WAITING_ROOM_TOASTS.tooFast : WAITING_ROOM_TOASTS.messageFailed, error);
    }
  }

  /** A failed message is taken out and sent again under its id (the server keeps one copy). */
  function retryMessage(message: ChatMessage) {
    dispatch({ type: "removed", id: message.id });
    const imageName = message.storagePath?.split("/").pop();
    sendMessage({ content: message.content, ...(imageName ? { imageName } : {}) }, message.id).catch(() => undefined);
  }

  /** Shows the reaction at once and takes it back if the server refuses ('Reaction failed: Please try again.'). */
  async function toggleReaction(messageId: string, emoji: string) {
    const message = timeline.messages.find((m) => m.id === messageId);
    const reacted = !message?.reactions.some((r) => r.emoji === emoji && r.reactedByMe);
    dispatch({ type: "reaction", messageId, emoji, reacted, mine: true });
    try {
      const answer = await sendWithRetries(() => client.waitingRoom.reactions.toggle.mutate({ ...scope, messageId, emoji, reacted }));
      dispatch({ type: "reaction", messageId, emoji, reacted, mine: true, count: answer.count });
    } catch {
      dispatch({ type: "reaction", messageId, emoji, reacted: !reacted, mine: true });
      toastText(WAITING_ROOM_TOASTS.reactionFailed);
    }
  }

  /** The author deletes their own message; a parent any message (with its replies and photos). */
  const canDelete = (message: Pick<ListedMessage, "authorId">) => isParent || message.authorId === userId;

  async function deleteMessage(messageId: string) {
    try {
      await client.waitingRoom.messages.delete.mutate({ ...scope, messageId });
      dispatch({ type: "removed", id: messageId });
    } catch (error) {
      toastText(WAITING_ROOM_TOASTS.unexpected);
      throw error;
    }
  }

  async function loadOlder() {
    if (!timeline.olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await client.waitingRoom.messages.list.query({ ...scope, before: timeline.olderCursor });
      dispatch({ type: "older-page", messages: page.messages, olderCursor: page.olderCursor });
    } catch {
      toastText(WAITING_ROOM_TOASTS.unexpected);
    } finally {
      setLoadingOlder(false);
    }
  }

  const now = Date.now();
  const typingIds = [...typingUntil].filter(([id, until]) => until > now && id !== userId).map(([id]) => id);

  return {
    scope,
    userId,
    isParent,
    readOnly,
    state,
    members,
    memberById,
    latest,
    timeline,
    status,
    presentIds,
    typingIds,
    loadingOlder,
    signalTyping,
    subscribe,
    sendMessage,
    retryMessage,
    toggleReaction,
    canDelete,
    deleteMessage,
    loadOlder,
  };
}

export type WaitingRoomModel = ReturnType<typeof useWaitingRoom>;
