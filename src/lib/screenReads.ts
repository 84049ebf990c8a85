/**
 * A signed-in screen's reads, started by its route loader. Once the pregnancy the screen works in
 * is known, the loader starts all of them in one tick, so they leave in one tRPC batch (with
 * `pregnancy.access`) instead of one component at a time as each renders. The components ask
 * with the same options and find the answers in the cache. Each feature states its screen's reads
 * next to the hooks that use the same options.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { Permissions, UserMode } from "../domain/enums";
import type { AppTRPC } from "./trpc";

export interface ReadContext {
  queryClient: QueryClient;
  trpc: AppTRPC;
}

export interface PregnancyScope {
  pregnancyId: string;
  mode: UserMode;
}

export interface ScreenScope {
  userId: string;
  /** Reads that need a confirmed email wait for the screen while it is not. */
  emailVerified: boolean;
  mode: UserMode;
  /** The pregnancy the screen works in (as usePregnancyContext decides it); null when there is none. */
  pregnancy: PregnancyScope | null;
  /**
   * The user's flags there: every flag for a parent in parent mode, otherwise the cached
   * `pregnancy.access` answer or, on a first load, the flags `pregnancy.mine` lists with the
   * pregnancy. Null without a pregnancy.
   */
  permissions: Permissions | null;
  /** A parent in parent mode, in their own pregnancy. */
  isParent: boolean;
}

/** What a screen's loader starts once the scope is known; `search` is the address's (unvalidated) search. */
export type ScreenReads = (context: ReadContext, scope: ScreenScope, search: Record<string, unknown>) => void;
