import { useEffect, useRef, useState } from "react";
import { getRouteApi, Link, useNavigate, useRouteContext } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { authClient, authCall } from "../../lib/auth-client";
import { Alert, FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useAuthFlow } from "../auth/flow";
import { buttonStyles } from "../../ui/buttonStyles";
import { PageSpinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { AUTH_MESSAGES } from "../auth/messages";
import { resendConfirmation } from "../auth/resendConfirmation";
import { trackEmailVerified } from "../../lib/analytics";
import { EMAIL_CONFIRMATION_MESSAGES } from "../../domain/auth";

export const EMAIL_CONFIRMED_REDIRECT_MS = 1200;

const route = getRouteApi("/email-confirmed");

type Confirmation = { status: "loading" } | { status: "success"; signedIn: boolean } | { status: "error"; message: string };

/**
 * /email-confirmed?email=&code= (the link in the confirmation mail): loading, then success (toast,
 * dashboard after 1.2 s) or error with Resend, Try Again and Go to Dashboard (onboarding spec 2, 4).
 */
export function EmailConfirmedPage() {
  const { email, code } = route.useSearch();
  const navigate = useNavigate();
  const { showAuth } = useAuthFlow();
  const { auth } = useRouteContext({ from: "__root__" });
  const [confirmation, setConfirmation] = useState<Confirmation>(() =>
    email && code ? { status: "loading" } : { status: "error", message: EMAIL_CONFIRMATION_MESSAGES.noSession },
  );
  // The code is single-use: verify once, even if the effect runs twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !email || !code) return;
    started.current = true;
    void (async () => {
      const error = await authCall(() => authClient.emailOtp.verifyEmail({ email, otp: code }));
      if (error) {
        setConfirmation({ status: "error", message: EMAIL_CONFIRMATION_MESSAGES.linkInvalid });
        return;
      }
      trackEmailVerified();
      const session = await auth.refresh().catch(() => null);
      toast({ title: AUTH_MESSAGES.emailVerified, variant: "success" });
      setConfirmation({ status: "success", signedIn: Boolean(session) });
    })();
  }, [auth, email, code]);

  useEffect(() => {
    if (confirmation.status !== "success") return;
    const timer = setTimeout(() => {
      if (confirmation.signedIn) void navigate({ to: "/dashboard" });
      else showAuth(email ? { email } : {});
    }, EMAIL_CONFIRMED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirmation, email, navigate, showAuth]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      {confirmation.status === "loading" && (
        <>
          <h1 className="sr-only">Confirming Your Email</h1>
          <PageSpinner label={ROUTE_TEXTS.loading} />
        </>
      )}
      {confirmation.status === "success" && (
        <AuthCard title="Email Confirmed">
          <Alert variant="success" title={AUTH_MESSAGES.emailVerified}>
            {confirmation.signedIn ? "Taking you to your dashboard..." : "Taking you to sign in..."}
          </Alert>
        </AuthCard>
      )}
      {confirmation.status === "error" && <ConfirmationFailed email={email} message={confirmation.message} />}
    </div>
  );
}

function ConfirmationFailed({ email, message }: { email?: string | undefined; message: string }) {
  const navigate = useNavigate();
  const [resendMessage, setResendMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checkEmailSearch = email ? { email } : {};

  async function resend() {
    // Without an address the resend form on /check-email asks for one.
    if (!email) {
      await navigate({ to: "/check-email" });
      return;
    }
    setBusy(true);
    const failure = await resendConfirmation(email);
    setBusy(false);
    setResendMessage(failure);
    if (failure) return;
    toast({ title: AUTH_MESSAGES.codeSent, description: AUTH_MESSAGES.codeSentDescription, variant: "success" });
    await navigate({ to: "/check-email", search: checkEmailSearch });
  }

  return (
    <AuthCard title="Email Not Confirmed">
      <div className="flex flex-col gap-4">
        <FormMessage message={message} />
        <FormMessage message={resendMessage} />
        <Button fullWidth loading={busy} onClick={() => void resend()}>
          Resend
        </Button>
        <Link to="/check-email" search={checkEmailSearch} className={buttonStyles({ variant: "secondary", fullWidth: true })}>
          Try Again
        </Link>
        <Link to="/dashboard" className={buttonStyles({ variant: "ghost", fullWidth: true })}>
          Go to Dashboard
        </Link>
      </div>
    </AuthCard>
  );
}
