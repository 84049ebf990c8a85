import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { getRouteApi, Link, useNavigate, useRouteContext } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { authPost } from "../../lib/authRequest";
import { dateFormat } from "../../lib/format";
import { RadioCards } from "../../ui/RadioCards";
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

type Confirmation =
  | { status: "loading" }
  | { status: "ask"; creation: AccountCreation }
  | { status: "success"; signedIn: boolean }
  | { status: "error"; message: string };

interface AccountCreation {
  createdAt: string;
  emailVerified: boolean;
  browser: string | null;
}

type Maker = "me" | "someone-else";
const MAKER_OPTIONS = [
  { value: "me", label: "I created this account", description: "Keeps the password you chose and your other signed-in devices." },
  { value: "someone-else", label: "I did not", description: "Signs every other device out and removes the password; you can choose a new one." },
] as const;

/** When and in which browser the account was made (the link's code shown to the server), or null when the link is not valid. */
async function accountCreation(email: string, code: string): Promise<AccountCreation | null> {
  const response = await fetch("/api/account/confirmation", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, code }) }).catch(() => null);
  return response?.ok ? ((await response.json()) as AccountCreation) : null;
}

/**
 * /email-confirmed?email=&code= (the link in the confirmation mail): loading, then success (toast,
 * dashboard after 1.2 s) or error with Resend, Try Again and Go to Dashboard (onboarding spec 2, 4).
 * Opened in a browser not signed in to the account (the mail app's own, another device), it first
 * shows when and where the account was made and asks whether that was the mailbox's owner: "I did
 * not" (the default) signs out whoever made it and removes their password, as proving a mailbox
 * does; "I created this account" keeps both (issue 35).
 */
export function EmailConfirmedPage() {
  const { email, code } = route.useSearch();
  const navigate = useNavigate();
  const { showAuth } = useAuthFlow();
  const { auth } = useRouteContext({ from: "__root__" });
  const [confirmation, setConfirmation] = useState<Confirmation>(() =>
    email && code ? { status: "loading" } : { status: "error", message: EMAIL_CONFIRMATION_MESSAGES.noSession },
  );
  const [maker, setMaker] = useState<Maker>("someone-else");
  const [busy, setBusy] = useState(false);
  // The code is single-use: look once, even if the effect runs twice.
  const started = useRef(false);

  const confirm = useCallback(
    async (createdByMe: boolean) => {
      if (!email || !code) return;
      const error = await authPost("/email-otp/verify-email", { email, otp: code, createdByMe });
      if (error) {
        setConfirmation({ status: "error", message: EMAIL_CONFIRMATION_MESSAGES.linkInvalid });
        return;
      }
      trackEmailVerified();
      // The invitations the account claimed joined it on the server: the session and every cached answer are new.
      const session = await auth.refresh().catch(() => null);
      toast({ title: AUTH_MESSAGES.emailVerified, variant: "success" });
      setConfirmation({ status: "success", signedIn: Boolean(session) });
    },
    [auth, email, code],
  );

  useEffect(() => {
    if (started.current || !email || !code) return;
    started.current = true;
    void (async () => {
      const session = await auth.getSession().catch(() => null);
      // Signed in to this very account here: whoever confirms made it.
      if (session?.user.email.toLowerCase() === email.trim().toLowerCase()) return confirm(false);
      const creation = await accountCreation(email, code);
      if (!creation) setConfirmation({ status: "error", message: EMAIL_CONFIRMATION_MESSAGES.linkInvalid });
      else if (creation.emailVerified) await confirm(false);
      else setConfirmation({ status: "ask", creation });
    })();
  }, [auth, email, code, confirm]);

  useEffect(() => {
    if (confirmation.status !== "success") return;
    const timer = setTimeout(() => {
      if (confirmation.signedIn) void navigate({ to: "/dashboard" });
      else showAuth(email ? { email } : {});
    }, EMAIL_CONFIRMED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirmation, email, navigate, showAuth]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    await confirm(maker === "me");
    setBusy(false);
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      {confirmation.status === "loading" && (
        <>
          <h1 className="sr-only">Confirming Your Email</h1>
          <PageSpinner label={ROUTE_TEXTS.loading} />
        </>
      )}
      {confirmation.status === "ask" && (
        <AuthCard title="Confirm Your Email" description={<CreationSentence email={email ?? ""} creation={confirmation.creation} />}>
          <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
            <RadioCards legend="Who created this account?" showLegend options={MAKER_OPTIONS} value={maker} onChange={setMaker} />
            <Button type="submit" fullWidth loading={busy}>
              Confirm my email
            </Button>
          </form>
        </AuthCard>
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

function CreationSentence({ email, creation }: { email: string; creation: AccountCreation }) {
  const when = dateFormat({ dateStyle: "long", timeStyle: "short" }).format(new Date(creation.createdAt));
  return (
    <>
      The account for <strong className="wrap-anywhere text-foreground">{email}</strong> was created on {when}
      {creation.browser ? ` in ${creation.browser}` : ""}. Was that you?
    </>
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
