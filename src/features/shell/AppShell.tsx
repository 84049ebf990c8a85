import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { clsx } from "clsx";
import { Link, Outlet } from "@tanstack/react-router";
import { APP_NAME } from "../../lib/document-title";
import { useModalDialog } from "../../ui/Dialog";
import { CloseIcon, LogoMark, MenuIcon } from "../../ui/icons";
import { EarlyAccessBanner } from "./EarlyAccessBanner";
import { bottomBarItems } from "./navItems";
import { Sidebar, SIDEBAR_TOGGLE_SHORTCUT } from "./Sidebar";
import { useSidebarExpanded } from "./sidebarState";
import { useIsMobile } from "../../lib/useIsMobile";
import { isTypingTarget } from "../../lib/keyboard";
import { KeyboardHelp } from "./KeyboardHelp";
import { useShellNav, type ShellNav } from "./useShellNav";
import { useDeviceSnapshot } from "./useDeviceSnapshot";
import { useTimeZoneSync } from "./useTimeZoneSync";
import { FamilyAudienceProvider } from "./FamilyAudienceProvider";

/** Ctrl+B (Cmd+B on a Mac) toggles the sidebar (core spec 2), except in a text field, where it is the field's (bold in a post). */
function useToggleShortcut(onToggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey) || isTypingTarget(event.target)) return;
      if (event.key.toLowerCase() !== "b") return;
      event.preventDefault();
      onToggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onToggle]);
}

/**
 * Keeps `--bottom-bar-height` on the page at the bottom bar's height while it shows, so what floats
 * at the bottom (the toasts, src/ui/Toaster.tsx) sits above the bar instead of over it.
 */
function useBottomBarHeight(bar: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--bottom-bar-height", `${element.getBoundingClientRect().height}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--bottom-bar-height");
    };
  }, [bar, shown]);
}

const mainStyles = "flex min-w-0 flex-1 flex-col focus:outline-none";

/**
 * The signed-in app's frame (core spec 2, onboarding spec 2 "App shell"). From 768 px: a sidebar
 * that collapses to icons. Below: a top bar with the menu (a modal dialog holding the same
 * navigation) and a bottom bar with at most four shortcuts.
 */
export function AppShell() {
  const nav = useShellNav();
  useDeviceSnapshot();
  useTimeZoneSync();
  const isMobile = useIsMobile();
  return (
    <FamilyAudienceProvider>
      {isMobile ? <MobileShell nav={nav} /> : <DesktopShell nav={nav} />}
      <KeyboardHelp />
    </FamilyAudienceProvider>
  );
}

function DesktopShell({ nav }: { nav: ShellNav }) {
  const { expanded, toggle } = useSidebarExpanded();
  useToggleShortcut(toggle);
  return (
    <div className="flex min-h-dvh">
      <div
        id="app-sidebar"
        data-state={expanded ? "expanded" : "collapsed"}
        className={clsx(
          "sticky top-0 h-dvh shrink-0 border-r border-border bg-surface transition-[width] print:hidden",
          expanded ? "w-64" : "w-[4.5rem]",
        )}
      >
        <Sidebar nav={nav} collapsed={!expanded} onToggle={toggle} />
      </div>
      <main id="main" tabIndex={-1} className={mainStyles}>
        <EarlyAccessBanner />
        <Outlet />
      </main>
    </div>
  );
}

function MobileShell({ nav }: { nav: ShellNav }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleMenu = useCallback(() => setMenuOpen((open) => !open), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useToggleShortcut(toggleMenu);
  const shortcuts = nav.isLoading ? [] : bottomBarItems(nav.items);
  const bottomBar = useRef<HTMLElement>(null);
  useBottomBarHeight(bottomBar, shortcuts.length > 0);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-border bg-surface px-3 py-2 print:hidden">
        <Link to="/dashboard" search={nav.search} className="inline-flex min-h-11 items-center gap-2 rounded-xl px-1 text-lg font-bold text-foreground">
          <LogoMark />
          {APP_NAME}
        </Link>
        <button
          type="button"
          onClick={toggleMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-keyshortcuts={SIDEBAR_TOGGLE_SHORTCUT}
          className="inline-flex size-11 items-center justify-center rounded-xl text-foreground hover:bg-muted"
        >
          <MenuIcon />
          <span className="sr-only">Open menu</span>
        </button>
      </header>
      <main id="main" tabIndex={-1} className={clsx(mainStyles, "pb-24")}>
        <EarlyAccessBanner />
        <Outlet />
      </main>
      {shortcuts.length > 0 && (
        <nav ref={bottomBar} aria-label="Shortcuts" className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] print:hidden">
          <ul className="flex">
            {shortcuts.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.to} className="flex-1">
                  <Link
                    to={item.to}
                    search={nav.search}
                    className="flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 py-1.5 text-xs font-semibold text-muted-foreground"
                    activeProps={{ className: "text-primary" }}
                  >
                    <Icon />
                    {item.shortLabel}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <MenuDialog open={menuOpen} onClose={closeMenu}>
        <Sidebar nav={nav} onNavigate={closeMenu} />
      </MenuDialog>
    </div>
  );
}

/** The mobile menu: a native modal dialog (focus kept inside, Escape closes, the page behind is inert). */
function MenuDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { titleId, dialogProps } = useModalDialog(open, onClose);

  return (
    <dialog
      {...dialogProps}
      className="m-0 h-dvh max-h-none w-80 max-w-[85vw] border-r border-border bg-surface p-0 text-foreground backdrop:bg-black/50"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
            <h2 id={titleId} className="text-lg font-bold">
              Menu
            </h2>
            <button type="button" onClick={onClose} className="inline-flex size-11 items-center justify-center rounded-xl text-foreground hover:bg-muted">
              <CloseIcon />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </div>
      )}
    </dialog>
  );
}
