/**
 * The /auth page's own entry (onboarding spec 2): the auth forms without the app's router, query
 * cache or tRPC client, so a visitor signing in loads a fraction of the app. dist/client/auth.html
 * is the prerendered sign-in form (scripts/prerender.ts), hydrated here; another mode is drawn fresh.
 */
import "../lib/zodConfig";
import "../styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { hashErrorHref } from "../domain/authLinks";
import { authClient } from "../lib/auth-client";
import { startGlobalErrorCapture } from "../lib/errorReports";
import { watchTheme } from "../lib/theme";
import { showHandedOverToast } from "../ui/toast";
import { AuthApp, currentAuthSearch } from "./AuthApp";

startGlobalErrorCapture();
watchTheme();

const search = currentAuthSearch();
// An auth link that failed comes back with its error in the hash, as on any page of the app.
const hashErrorPage = hashErrorHref(window.location.hash);
if (hashErrorPage) window.location.replace(hashErrorPage);
else start();

function start() {
  showHandedOverToast();
  const container = document.getElementById("root");
  if (!container) throw new Error("auth.html has no #root element");
  const page = (
    <StrictMode>
      <AuthApp initialSearch={search} />
    </StrictMode>
  );
  // The prerendered HTML is the default sign-in form; any search draws another state.
  if (window.location.search) createRoot(container).render(page);
  else hydrateRoot(container, page);
  // Signed-in visitors go on to '/', except to confirm their email while it is unconfirmed.
  void authClient.getSession().then(({ data: session }) => {
    if (session && !(search.mode === "verify" && !session.user.emailVerified)) window.location.replace("/");
  });
}
