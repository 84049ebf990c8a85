import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { Document, type SiteAssets, type SitePageHead } from "../site/Document";
import { AuthApp } from "./AuthApp";

/** The /auth page's head; its file is dist/client/auth.html, served at /auth. */
export const AUTH_PAGE: SitePageHead = {
  path: "/auth",
  title: "Sign In",
  description: "Sign in to BabySteps to follow your pregnancy journey, or create a free account to share it with your partner, family and friends.",
};
export const AUTH_PAGE_FILE = "auth.html";

/**
 * The whole /auth document: the default sign-in form (the tree src/auth/main.tsx renders over it,
 * StrictMode included) inside the public pages' head.
 */
export function renderAuthPage(assets: SiteAssets): string {
  const app = renderToString(
    <StrictMode>
      <AuthApp initialSearch={{}} />
    </StrictMode>,
  );
  return `<!doctype html>${renderToStaticMarkup(
    <Document page={AUTH_PAGE} assets={assets}>
      <div id="root" dangerouslySetInnerHTML={{ __html: app }} />
    </Document>,
  )}`;
}
