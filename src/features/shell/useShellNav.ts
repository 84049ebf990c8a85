import { useMemo } from "react";
import { ROUTE_TEXTS } from "../../domain/errors";
import { GUEST_DEFAULT_PERMISSIONS, PARENT_DEFAULT_PERMISSIONS } from "../../domain/permissions";
import { useAppMode } from "../pregnancy-context/useAppMode";
import { usePregnancyContext, type PregnancyAccess } from "../pregnancy-context/usePregnancyContext";
import type { Permissions, UserMode } from "../../domain/enums";
import { navItems, type NavItem } from "./navItems";

export interface ShellNav {
  items: NavItem[];
  isLoading: boolean;
  /** 'Guest Access' in guest mode, 'Active Subscription' for a subscribed parent, else null. */
  badge: string | null;
  /** `{ preg }` in guest mode, so links keep the selected pregnancy. */
  search: { preg?: string };
}

/**
 * The flags the shell's items and the areas' guards go by: the pregnancy's, or with none (or still
 * loading) the mode's role defaults.
 */
export function shellPermissions(mode: UserMode, access: PregnancyAccess | null): Permissions {
  return access?.permissions ?? (mode === "parent" ? PARENT_DEFAULT_PERMISSIONS : GUEST_DEFAULT_PERMISSIONS);
}

/** What the sidebar and the mobile bars show for the current user, mode and pregnancy. */
export function useShellNav(): ShellNav {
  const { modeContext } = useAppMode();
  const { mode, access, isLoading, pregnancySearch, pregnancy } = usePregnancyContext();
  const permissions = shellPermissions(mode, access);
  const endedInLoss = pregnancy?.endedInLoss ?? false;
  const items = useMemo(() => navItems(mode, permissions, { endedInLoss }), [mode, permissions, endedInLoss]);
  const subscribed = Boolean(access?.subscription.subscribed || modeContext?.hasActiveSubscription);
  const badge = mode === "guest" ? ROUTE_TEXTS.guestAccessBadge : subscribed ? ROUTE_TEXTS.activeSubscriptionBadge : null;
  return { items, isLoading, badge, search: pregnancySearch };
}
