import { useCallback } from "react";
import { readKept, updateKept, useKeptState } from "./keptState";

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
 * The draft of the composer named `key` (e.g. `waiting-room:<pregnancy>:group`), kept for the page's
 * life (keptState), `empty` until something is typed. `send` hands the value and its id to
 * `deliver`: while it runs the draft is 'sending' (typing goes on), once it resolves the draft starts
 * afresh with a new id, and when it rejects the value stays, 'failed', to be sent again. A `deliver`
 * that puts the message in a list of its own (shown as sending, retried from there) resolves at
 * once: that is acceptance too. `empty` should not change between renders.
 */
export function useDraft<T>(key: string, empty: T) {
  const fresh = useCallback((): Draft<T> => ({ value: empty, id: crypto.randomUUID(), status: "editing" }), [empty]);
  const [draft, update] = useKeptState(`draft:${key}`, fresh);

  const setValue = useCallback((value: T) => update((current) => ({ ...current, value })), [update]);

  const send = useCallback(
    async (deliver: (value: T, id: string) => Promise<unknown> | void): Promise<boolean> => {
      const sent = readKept(`draft:${key}`, fresh);
      if (sent.status === "sending") return false;
      const set = (change: (current: Draft<T>) => Draft<T>) => updateKept(`draft:${key}`, fresh, change);
      set((current) => ({ ...current, status: "sending" }));
      try {
        await deliver(sent.value, sent.id);
      } catch {
        set((current) => ({ ...current, status: "failed" }));
        return false;
      }
      // Text typed while it was on its way is a new message: it stays, under a new id.
      set((current) => (current.value === sent.value ? fresh() : { ...fresh(), value: current.value }));
      return true;
    },
    [key, fresh],
  );

  return { ...draft, setValue, send };
}
