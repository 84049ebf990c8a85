import { useCallback, useSyncExternalStore } from "react";

/** Beside a composer whose send failed: its text stays for a retry. */
export const NOT_SENT_TEXT = "Not sent. What you wrote is kept: try again.";

/** The send button's name while a failed draft waits to be sent again. */
export const RETRY_LABEL = "Try again";

export type DraftStatus = "editing" | "sending" | "failed";

export interface Draft<T> {
  value: T;
  /** The client id the draft is sent under, the same on every retry, so the server stores it once. */
  id: string;
  status: DraftStatus;
}

/**
 * What is typed in each composer, by composer, for the life of the page: a composer that re-renders,
 * remounts (the layout switching between phone and desktop, a dialog closed and opened again) or is
 * left while its send is on the way finds its text again. A draft is cleared only once its send is
 * accepted; a send that failed keeps it, marked failed, for a retry under the same id. Logging out
 * loads a new document, which forgets them.
 */
const drafts = new Map<string, Draft<unknown>>();
const listeners = new Set<() => void>();

function write(key: string, draft: Draft<unknown> | undefined) {
  if (draft) drafts.set(key, draft);
  else drafts.delete(key);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function current<T>(key: string, empty: T): Draft<T> {
  let draft = drafts.get(key) as Draft<T> | undefined;
  if (!draft) {
    // Stored at once, so every read of an untouched draft returns the same object (and id).
    draft = { value: empty, id: crypto.randomUUID(), status: "editing" };
    drafts.set(key, draft);
  }
  return draft;
}

/**
 * The draft of the composer named `key` (e.g. `waiting-room:<pregnancy>:group`), `empty` until
 * something is typed. `send` hands the value and its id to `deliver`: while it runs the draft is
 * 'sending' (typing goes on), once it resolves the draft starts afresh with a new id, and when it
 * rejects the value stays, 'failed', to be sent again. A `deliver` that puts the message in a list
 * of its own (shown as sending, retried from there) resolves at once: that is acceptance too.
 */
export function useDraft<T>(key: string, empty: T) {
  const draft = useSyncExternalStore(
    subscribe,
    () => current(key, empty),
    () => current(key, empty),
  );

  const setValue = useCallback(
    (value: T) => {
      write(key, { ...current(key, empty), value });
    },
    [key, empty],
  );

  const send = useCallback(
    async (deliver: (value: T, id: string) => Promise<unknown> | void): Promise<boolean> => {
      const sent = current(key, empty);
      if (sent.status === "sending") return false;
      write(key, { ...sent, status: "sending" });
      try {
        await deliver(sent.value, sent.id);
      } catch {
        const now = current(key, empty);
        write(key, { ...now, status: "failed" });
        return false;
      }
      const now = current(key, empty);
      // Text typed while it was on its way is a new message: it stays, under a new id.
      write(key, now.value === sent.value ? undefined : { value: now.value, id: crypto.randomUUID(), status: "editing" });
      return true;
    },
    [key, empty],
  );

  return { ...draft, setValue, send };
}
