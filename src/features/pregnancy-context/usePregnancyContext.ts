import { useCallback, useEffect, useMemo } from "react";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useNavigate, useRouteContext, useSearch } from "@tanstack/react-router";
import type { UserMode } from "../../domain/enums";
import { GUEST_DEFAULT_PERMISSIONS, isParentRole, PARENT_DEFAULT_PERMISSIONS } from "../../domain/permissions";
import { useTRPC, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { isUuid } from "../../domain/messaging";
import { dropGuestChoice, rememberGuestChoice, useGuestChoice } from "./guestChoiceStore";
import { useAppMode } from "./useAppMode";

type MyPregnancies = RouterOutputs["pregnancy"]["mine"];
export type PregnancySummary = MyPregnancies["guestPregnancies"][number];
export type PregnancyAccess = RouterOutputs["pregnancy"]["access"];
export type PregnancyMineInput = NonNullable<RouterInputs["pregnancy"]["mine"]>;

export interface PregnancyContextValue {
  mode: UserMode;
  /** The pregnancy the user is working in: their own in parent mode, the selected one in guest mode. */
  pregnancyId: string | null;
  pregnancy: PregnancySummary | null;
  /** Role, permissions and subscription from `pregnancy.access`; the role's defaults if that call failed. */
  access: PregnancyAccess | null;
  /** 'role-defaults' when `pregnancy.access` failed and the spec's fallback is in use. */
  accessSource: "server" | "role-defaults" | null;
  /** Mode, pregnancies or access still loading. */
  isLoading: boolean;
  /** `pregnancy.mine` has not answered yet. */
  isPregnanciesLoading: boolean;
  /** `pregnancy.mine` failed. */
  isError: boolean;
  /** An active owner or partner participation (decides the parent-only guard). */
  hasParentRole: boolean;
  parentPregnancy: PregnancySummary | null;
  parentPregnancyCount: number;
  guestPregnancies: PregnancySummary[];
  selectedGuestPregnancyId: string | null;
  /** Guest mode: view another guest pregnancy (stored for 14 days and put in `?preg`). */
  selectGuestPregnancy: (pregnancyId: string) => void;
  /** Search params that keep the guest's pregnancy on links (`{ preg }` in guest mode, else `{}`). */
  pregnancySearch: { preg?: string };
}

/** What `pregnancy.mine` is asked with: `?preg` from the address and the stored guest choice. */
export function usePregnancyMineInput(): PregnancyMineInput {
  const { session } = useRouteContext({ from: "/_authenticated" });
  // Validated again: the router passes an unvalidated `preg` through to child routes' search.
  const preg = useSearch({ strict: false, select: (search) => (isUuid(search.preg) ? search.preg : undefined) });
  const storedChoice = useGuestChoice(session.user.id);
  return useMemo(() => ({ ...(preg ? { preg } : {}), ...(storedChoice ? { storedChoice } : {}) }), [preg, storedChoice]);
}

/** The spec's fallback when permissions cannot be fetched: the role's defaults (core spec 6 and 8). */
export function roleDefaultAccess(pregnancy: PregnancySummary): PregnancyAccess {
  const parent = isParentRole(pregnancy.role);
  return {
    role: pregnancy.role,
    isParent: parent,
    displayTitle: pregnancy.displayTitle,
    privacyLevel: null,
    permissions: { ...(parent ? PARENT_DEFAULT_PERMISSIONS : GUEST_DEFAULT_PERMISSIONS) },
    subscription: { subscribed: false, tier: null },
  };
}

/**
 * The user's mode with the pregnancy it applies to (core spec 4): parent mode uses the user's own
 * active pregnancy; guest mode the one chosen by `?preg`, the stored choice (14 days) or the
 * soonest due date, as `pregnancy.mine` decides. Pregnancy-scoped calls should send `mode`.
 */
export function usePregnancyContext(): PregnancyContextValue {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const userId = session.user.id;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { mode, isLoading: modeLoading } = useAppMode();
  const input = usePregnancyMineInput();
  const mine = useQuery(trpc.pregnancy.mine.queryOptions(input));

  const dropStoredChoice = mine.data?.dropStoredChoice ?? false;
  useEffect(() => {
    if (dropStoredChoice) dropGuestChoice(userId);
  }, [dropStoredChoice, userId]);

  const parentPregnancy = mine.data?.parentPregnancy ?? null;
  const guestPregnancies = useMemo(() => mine.data?.guestPregnancies ?? [], [mine.data]);
  const selectedGuestPregnancyId = mine.data?.selectedGuestPregnancyId ?? null;
  const guestPregnancy = guestPregnancies.find((p) => p.id === selectedGuestPregnancyId) ?? null;
  const pregnancy = modeLoading ? null : mode === "parent" ? parentPregnancy : guestPregnancy;
  const pregnancyId = pregnancy?.id ?? null;

  const accessQuery = useQuery(
    trpc.pregnancy.access.queryOptions(pregnancyId ? { pregnancyId, mode } : skipToken, {
      // The fallback below covers a refusal; no toast for it.
      meta: { isolationToast: false },
    }),
  );
  const accessFailed = pregnancy !== null && accessQuery.isError;
  const access = pregnancy === null ? null : accessFailed ? roleDefaultAccess(pregnancy) : (accessQuery.data ?? null);

  const selectGuestPregnancy = useCallback(
    (id: string) => {
      rememberGuestChoice(userId, id);
      void navigate({ to: ".", search: (previous: Record<string, unknown>) => ({ ...previous, preg: id }) });
    },
    [userId, navigate],
  );

  const guestSearchId = mode === "guest" && !modeLoading ? selectedGuestPregnancyId : null;
  const pregnancySearch = useMemo(() => (guestSearchId ? { preg: guestSearchId } : {}), [guestSearchId]);

  return {
    mode,
    pregnancyId,
    pregnancy,
    access,
    accessSource: pregnancy === null ? null : accessFailed ? "role-defaults" : accessQuery.data ? "server" : null,
    isLoading: modeLoading || mine.isPending || (pregnancy !== null && accessQuery.isPending),
    isPregnanciesLoading: mine.isPending,
    isError: mine.isError,
    hasParentRole: parentPregnancy !== null,
    parentPregnancy,
    parentPregnancyCount: mine.data?.parentPregnancyCount ?? 0,
    guestPregnancies,
    selectedGuestPregnancyId,
    selectGuestPregnancy,
    pregnancySearch,
  };
}
