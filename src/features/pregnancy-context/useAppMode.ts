import { useCallback, useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useRouteContext, useRouter } from "@tanstack/react-router";
import type { UserMode } from "../../domain/enums";
import { guestToParentTarget } from "../../domain/modes";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { readSavedMode, setStoredMode, settledMode, useModeEntry } from "./modeStore";

export type ModeContext = RouterOutputs["account"]["modeContext"];

export interface AppMode {
  /** The current mode. While `isLoading` it is provisional (the saved mode, else guest). */
  mode: UserMode;
  isLoading: boolean;
  /** Active owner or partner somewhere, or subscription access (false when the check failed). */
  hasParentCapability: boolean;
  /** The server's answer; null while loading or when the check failed. */
  modeContext: ModeContext | null;
  /**
   * Parent to guest: switches and saves. Guest to parent: switches with capability, otherwise goes
   * to /setup-pregnancy (pregnancy access or an active subscription) or /onboarding-parent.
   */
  switchMode: (next: UserMode) => void;
}

/** The signed-in user's mode (core spec 4). Use inside the signed-in routes only. */
export function useAppMode(): AppMode {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const userId = session.user.id;
  const trpc = useTRPC();
  const router = useRouter();
  const check = useQuery(trpc.account.modeContext.queryOptions());
  const entry = useModeEntry(userId);

  const isLoading = check.isPending;
  const modeContext = check.data ?? null;
  const capability = modeContext?.hasParentCapability ?? false;
  // A fresh page, or a capability that changed since the mode was decided, decides again.
  const decided = !isLoading && entry !== undefined && entry.capability === capability;
  const mode: UserMode = isLoading ? (entry?.mode ?? readSavedMode(userId) ?? "guest") : settledMode(entry, capability);

  useEffect(() => {
    if (!isLoading && !decided) setStoredMode(userId, mode, capability);
  }, [isLoading, decided, userId, mode, capability]);

  const switchMode = useCallback(
    (next: UserMode) => {
      if (next === "guest") {
        setStoredMode(userId, "guest", capability);
        return;
      }
      const target = guestToParentTarget(check.isError ? null : modeContext);
      if (target === "parent-mode") setStoredMode(userId, "parent", capability);
      // These wizard routes belong to onboarding; a plain address keeps this working before they exist.
      else void router.navigate({ href: target });
    },
    [userId, capability, check.isError, modeContext, router],
  );

  return { mode, isLoading, hasParentCapability: capability, modeContext, switchMode };
}
