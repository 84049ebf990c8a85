/**
 * The /auth page's own entry (onboarding spec 2): the auth forms without the app's router, query
 * cache or tRPC client, on Preact in the build (vite.config.ts), so a visitor signing in loads a
 * fraction of the app. dist/client/auth.html is the prerendered sign-in form (scripts/prerender.ts):
 * it paints before any script runs, and no request waits on the session.
 */
import "../lib/zodConfig";
import "../styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { hashErrorHref } from "../domain/authLinks";
import { signedInUser } from "../lib/authRequest";
import { startGlobalErrorCapture } from "../lib/errorReports";
import { watchTheme } from "../lib/theme";
import { showHandedOverToast } from "../ui/toast";
import { AuthApp, currentAuthSearch } from "./AuthApp";
import { openSignedInInvitation, showsInvitationRefusal } from "../features/auth/openSignedInInvitation";

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
  // Preact renders over the prerendered form in place: it keeps the elements it can use and corrects
  // what differs (the generated ids React wrote, or another mode drawn from the search), where
  // hydrating would keep React's attributes as they are.
  createRoot(container).render(
    <StrictMode>
      <AuthApp initialSearch={search} />
    </StrictMode>,
  );
  // Signed-in visitors go on to '/' once the session answers (after the form has painted), except
  // to confirm their email while it is unconfirmed; an invitation link they open is taken for them.
  void signedInUser().then((user) => {
    if (!user || (search.mode === "verify" && !user.emailVerified)) return;
    if (search.token && !showsInvitationRefusal(search)) void openSignedInInvitation(search, search.token, user.email);
    else if (!search.token) window.location.replace("/");
  });
}
