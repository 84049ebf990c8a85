import { useEffect } from "react";
import { Link, useRouterState } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { buttonStyles } from "../../ui/buttonStyles";

/** Unknown paths (core spec 2): logs the missing path and links home. */
export function NotFoundPage() {
  // The resolved location, not the live one: while a link away from this page is loading, the live
  // location already names the next (existing) page.
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  useDocumentTitle("Page not found");

  useEffect(() => {
    if (pathname === undefined) return;
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <p aria-hidden="true" className="text-6xl font-bold text-link">
        404
      </p>
      <h1 className="text-2xl font-bold">{ROUTE_TEXTS.notFound}</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonStyles()}>
        Return to Home
      </Link>
    </div>
  );
}
