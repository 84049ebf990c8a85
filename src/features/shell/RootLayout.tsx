import { Link, Outlet, useMatches } from "@tanstack/react-router";
import { APP_NAME } from "../../lib/document-title";
import { LogoMark } from "../../ui/icons";
import { ThemeToggle } from "../../ui/ThemeToggle";
import { Toaster } from "../../ui/Toaster";
import { SkipLink } from "../../ui/SkipLink";


/**
 * Page frame: skip link and the toast region for every page. Public pages get the header (app
 * name, theme) and a main landmark here; the signed-in app brings its own shell (AppShell).
 */
export function RootLayout() {
  const inApp = useMatches({ select: (matches) => matches.some((match) => match.routeId.startsWith("/_authenticated")) });
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {inApp ? (
        <Outlet />
      ) : (
        <>
          <header className="border-b border-border bg-surface">
            <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
              <Link to="/" className="inline-flex min-h-11 items-center gap-2 rounded-full text-lg font-bold text-foreground">
                <LogoMark />
                {APP_NAME}
              </Link>
              <ThemeToggle hideLabelOnMobile />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
            <Outlet />
          </main>
        </>
      )}
      <Toaster />
    </div>
  );
}
