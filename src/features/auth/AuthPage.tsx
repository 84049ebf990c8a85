import { useEffect, useRef } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { FormMessage } from "../../ui/Alert";
import { AUTH_HEADING_ID } from "./AuthLayout";
import { CodeSignInForm } from "./CodeSignInForm";
import { AUTH_MESSAGES } from "./messages";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";
import { VerifyEmailForm } from "./VerifyEmailForm";

const route = getRouteApi("/auth");

/** /auth: sign in (default), sign up, verify the email, or sign in with an emailed code. */
export function AuthPage() {
  const { mode = "signin", email, error } = route.useSearch();

  // When the mode changes in place, move focus to the new heading so screen readers follow.
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    document.getElementById(AUTH_HEADING_ID)?.focus();
  }, [mode]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      {error === "verification_failed" && <FormMessage message={AUTH_MESSAGES.verificationLinkFailed} />}
      {mode === "signin" && <SignInForm initialEmail={email} />}
      {mode === "signup" && <SignUpForm initialEmail={email} />}
      {mode === "verify" && <VerifyEmailForm email={email} />}
      {mode === "code" && <CodeSignInForm initialEmail={email} />}
    </div>
  );
}
