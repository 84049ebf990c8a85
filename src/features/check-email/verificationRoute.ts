import { redirect } from "@tanstack/react-router";
import { verificationDestination, type VerificationParams } from "../../domain/authLinks";
import { searchText } from "../../lib/searchParams";
import { authHref } from "../auth/flow";

const MAX_PARAM_LENGTH = 256;
const PARAM_NAMES = ["type", "token", "email", "code"] as const;

/** The query /verify and /auth/callback read; redirect_to is not read (no open redirect). */
export function validateVerificationSearch(search: Record<string, unknown>): VerificationParams {
  const result: VerificationParams = {};
  for (const name of PARAM_NAMES) {
    const value = searchText(search[name], MAX_PARAM_LENGTH);
    if (value) result[name] = value;
  }
  return result;
}

/** The redirect a verification or callback link leads to (thrown from the route's beforeLoad). */
export function verificationRedirect(params: VerificationParams) {
  const destination = verificationDestination(params);
  switch (destination.to) {
    case "/reset-password":
      return redirect({ to: "/reset-password", search: destination.search, replace: true });
    case "/email-confirmed":
      return redirect({ to: "/email-confirmed", search: destination.search, replace: true });
    case "/auth":
      // /auth is its own page, not a route of the app.
      return redirect({ href: authHref(destination.search), reloadDocument: true, replace: true });
  }
}
