import { clsx } from "clsx";
import { Link } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { APP_NAME } from "../../lib/document-title";
import { LockIcon, LogoMark, LogOutIcon, PanelLeftIcon } from "../../ui/icons";
import { Spinner, SpinnerIcon } from "../../ui/Spinner";
import { useLogOut } from "../auth/useLogOut";
import { ModeSwitch } from "../modes/ModeSwitch";
import type { NavItem } from "./navItems";
import type { ShellNav } from "./useShellNav";

export const SIDEBAR_TOGGLE_SHORTCUT = "Control+B Meta+B";

const itemStyles =
  "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2 text-base font-medium transition-colors";

interface SidebarProps {
  nav: ShellNav;
  collapsed?: boolean;
  /** Desktop: the collapse toggle. */
  onToggle?: () => void;
  /** Called after a link is followed (the mobile menu closes). */
  onNavigate?: () => void;
  className?: string;
}

/**
 * The app's navigation (core spec 2): brand, access badge, the nav landmark 'Main', the Parent/Guest
 * mode switch and Log Out. Collapsed, it shows icons only; every control keeps its name.
 */
export function Sidebar({ nav, collapsed = false, onToggle, onNavigate, className }: SidebarProps) {
  return (
    <div className={clsx("flex h-full flex-col gap-4 p-3", className)}>
      <div className={clsx("flex items-center gap-2", collapsed ? "flex-col" : "justify-between")}>
        <Link
          to="/dashboard"
          search={nav.search}
          onClick={onNavigate}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-1 text-lg font-bold text-foreground"
        >
          <LogoMark />
          <span className={clsx(collapsed && "sr-only")}>{APP_NAME}</span>
        </Link>
        {onToggle && (
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={!collapsed}
            aria-controls="app-sidebar"
            aria-keyshortcuts={SIDEBAR_TOGGLE_SHORTCUT}
            title="Toggle sidebar (Ctrl+B)"
            className="inline-flex size-11 items-center justify-center rounded-xl text-foreground hover:bg-muted"
          >
            <PanelLeftIcon />
            <span className="sr-only">Toggle sidebar</span>
          </button>
        )}
      </div>

      {nav.badge && (
        <p
          className={clsx(
            "rounded-full text-center text-sm font-semibold",
            collapsed ? "sr-only" : "px-3 py-1",
            nav.badge === ROUTE_TEXTS.guestAccessBadge ? "bg-lavender text-foreground" : "bg-success-soft text-success-foreground",
          )}
        >
          {nav.badge}
        </p>
      )}

      <nav aria-label="Main" className="flex-1 overflow-y-auto">
        {nav.isLoading ? (
          <Spinner label={ROUTE_TEXTS.loading} showLabel={!collapsed} className="px-3 py-2" />
        ) : (
          <ul className="flex flex-col gap-1">
            {nav.items.map((item) => (
              <li key={item.to}>
                <SidebarItem item={item} collapsed={collapsed} search={nav.search} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        )}
      </nav>

      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <ModeSwitch collapsed={collapsed} />
        <SidebarLogOut collapsed={collapsed} />
      </div>
    </div>
  );
}

function SidebarItem({ item, collapsed, search, onNavigate }: { item: NavItem; collapsed: boolean; search: { preg?: string }; onNavigate: (() => void) | undefined }) {
  const Icon = item.icon;
  if (item.access === "limited") {
    // Not a link at all: nothing to follow. The name says why (core spec 2: 'Limited Access').
    return (
      <span
        role="link"
        aria-disabled="true"
        aria-label={`${item.label} (${ROUTE_TEXTS.limitedAccess})`}
        title={collapsed ? `${item.label}: ${ROUTE_TEXTS.limitedAccess}` : undefined}
        className={clsx(itemStyles, "cursor-not-allowed text-muted-foreground", collapsed && "justify-center px-0")}
      >
        <Icon />
        <span className={clsx(collapsed && "sr-only")}>{item.label}</span>{" "}
        <span className={clsx(collapsed ? "sr-only" : "ml-auto inline-flex items-center gap-1 text-xs font-semibold")}>
          <LockIcon className="size-3.5" />
          {ROUTE_TEXTS.limitedAccess}
        </span>
      </span>
    );
  }
  return (
    <Link
      to={item.to}
      search={search}
      onClick={onNavigate}
      title={collapsed ? item.label : undefined}
      className={clsx(itemStyles, "text-foreground hover:bg-muted", collapsed && "justify-center px-0")}
      activeProps={{ className: "bg-primary-soft font-semibold" }}
    >
      <Icon />
      <span className={clsx(collapsed && "sr-only")}>{item.label}</span>
    </Link>
  );
}

function SidebarLogOut({ collapsed }: { collapsed: boolean }) {
  const { busy, logOut } = useLogOut();

  return (
    <button
      type="button"
      onClick={() => void logOut()}
      disabled={busy}
      aria-busy={busy || undefined}
      title={collapsed ? "Log Out" : undefined}
      className={clsx(itemStyles, "text-foreground hover:bg-muted disabled:opacity-60", collapsed && "justify-center px-0")}
    >
      {busy ? <SpinnerIcon className="size-5" /> : <LogOutIcon />}
      <span className={clsx(collapsed && "sr-only")}>Log Out</span>
    </button>
  );
}
