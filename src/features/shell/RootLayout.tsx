import { Link, Outlet } from "@tanstack/react-router";
import { APP_NAME } from "../../lib/document-title";
import { ThemeToggle } from "../../ui/ThemeToggle";
import { Toaster } from "../../ui/Toaster";

/** Page frame: skip link, header (app name, theme), the main landmark, and the toast region. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to main content
      </a>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/" className="inline-flex min-h-11 items-center gap-2 rounded-full text-lg font-bold text-foreground">
            <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8">
              <rect width="64" height="64" rx="16" className="fill-primary-soft" />
              <path
                d="M32 50s-17-10.2-17-22.1C15 21.6 19.6 17 25.2 17c3 0 5.4 1.4 6.8 3.6 1.4-2.2 3.8-3.6 6.8-3.6C44.4 17 49 21.6 49 27.9 49 39.8 32 50 32 50z"
                className="fill-primary"
              />
            </svg>
            {APP_NAME}
          </Link>
          <ThemeToggle hideLabelOnMobile />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}
