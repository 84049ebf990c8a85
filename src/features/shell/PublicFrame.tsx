import type { ReactNode } from "react";
import { APP_NAME } from "../../lib/document-title";
import { LogoMark } from "../../ui/icons";
import { ThemeToggle } from "../../ui/ThemeToggle";

/** The styles of the header's link home, for the app's router link and the standalone /auth page's plain one. */
export const HOME_LINK_STYLES = "inline-flex min-h-11 items-center gap-2 rounded-full text-lg font-bold text-foreground";

/** What the header's home link shows. */
export function HomeLinkContent() {
  return (
    <>
      <LogoMark />
      {APP_NAME}
    </>
  );
}

/**
 * The frame of a public page outside the signed-in app (the app's own public routes and the
 * standalone /auth page): a header with the link home and the theme, and the main landmark.
 */
export function PublicFrame({ homeLink, children }: { homeLink: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          {homeLink}
          <ThemeToggle hideLabelOnMobile />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
    </>
  );
}
