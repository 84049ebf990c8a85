/**
 * Live reloads for posts, photos, calendar events, registries, baby-game guesses and health
 * records (core spec 7: such changes trigger a reload). One feed socket
 * per pregnancy is shared by everything on the page that listens; a burst of changes is batched
 * for 60 ms into one call, and a reconnect counts as a change (something may have been missed).
 */
import { useEffect, useRef } from "react";
import { FEED_AREAS, type FeedArea } from "../domain/pregnancyRoom";
import { openRoomSocket, type RoomSocket } from "./roomSocket";

/** Realtime changes are batched this long before reloading (core spec 7). */
export const REALTIME_BATCH_MS = 60;

/**
 * Ours: a feed nobody listens to stays open this long, so moving between pages (the next page
 * subscribes as the last one leaves) keeps one socket instead of closing it and opening another.
 */
const FEED_LINGER_MS = 3_000;

type Listener = (area: FeedArea) => void;

const feeds = new Map<string, { socket: RoomSocket; listeners: Set<Listener>; closeTimer?: ReturnType<typeof setTimeout> | undefined }>();

function subscribe(pregnancyId: string, listener: Listener): () => void {
  let feed = feeds.get(pregnancyId);
  if (feed) {
    clearTimeout(feed.closeTimer);
    feed.closeTimer = undefined;
  } else {
    const listeners = new Set<Listener>();
    const tellAll = (area: FeedArea) => {
      for (const l of listeners) l(area);
    };
    const socket = openRoomSocket(pregnancyId, "feed", {
      onMessage: (message) => {
        if (message.type === "event" && message.event.kind === "feed-changed") tellAll(message.event.area);
      },
      onStatus: () => undefined,
      onReconnected: () => {
        for (const area of FEED_AREAS) tellAll(area);
      },
    });
    feed = { socket, listeners };
    feeds.set(pregnancyId, feed);
  }
  feed.listeners.add(listener);
  return () => {
    const current = feeds.get(pregnancyId);
    if (!current) return;
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    current.closeTimer = setTimeout(() => {
      current.socket.close();
      feeds.delete(pregnancyId);
    }, FEED_LINGER_MS);
  };
}

/** Calls `onChange` (at most once per 60 ms) when the pregnancy's `area` changed for someone else's view. */
export function usePregnancyFeed(pregnancyId: string | null, area: FeedArea, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!pregnancyId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe(pregnancyId, (changed) => {
      if (changed !== area || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        latest.current();
      }, REALTIME_BATCH_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [pregnancyId, area]);
}
