import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { authPost, type SignedInUser, signedInUser } from "../../lib/authRequest";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { CodeField } from "../../ui/CodeField";
import { toast } from "../../ui/toast";
import { resendConfirmation } from "./resendConfirmation";
import { AuthCard } from "../../ui/AuthLayout";
import { verifyCodeErrorMessage } from "./authErrors";
import { EmailField } from "./EmailField";
import { AuthLink, LeaveLink, useAuthFlow } from "./flow";
import { AUTH_MESSAGES } from "./messages";
import { useCompleteSignIn, useGoOnAfterSignIn } from "./useCompleteSignIn";
import { validateCode } from "./validation";
import { trackEmailVerified } from "../../lib/analytics";
import { codeLifetimeNote, EMAIL_CONFIRMATION_MESSAGES } from "../../domain/authMessages";
import { EARLY_ACCESS_HOURS } from "../../domain/modes";

const MESSAGE_ID = "verify-message";
const RESEND_MESSAGE_ID = "resend-message";
const linkClass = "font-semibold text-link underline underline-offset-4 hover:no-underline";

interface VerifyEmailFormProps {
  /** The address the code went to; the signed-in user's email when absent. */
  email?: string | undefined;
  /** The card's heading; 'Check Your Email' when absent. */
  title?: string;
  /** Shown above the code form (e.g. the payment receipt on /check-email). */
  notice?: ReactNode;
  /** Runs once the code is accepted instead of going on to the dashboard (a wizard continues itself). */
  onVerified?: () => Promise<void>;
  /** The title of a failed resend, where the flow words it its own way. */
  resendFailedTitle?: string;
  /** A guest invitation waiting for the confirmed email: taken once the code is accepted. */
  invitationToken?: string | undefined;
}

/** The signed-in user once the session has answered (null without one); asked once, after the first paint. */
function useSignedInUser(): SignedInUser | null {
  const [user, setUser] = useState<SignedInUser | null>(null);
  useEffect(() => {
    let current = true;
    void signedInUser().then((answer) => {
      if (current) setUser(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return user;
}

/**
 * 'Check Your Email' (/auth?mode=verify and /check-email): enter the 6-digit code emailed to
 * confirm the address, or ask for a new one for any address. A signed-in user may carry on with
 * early access meanwhile (onboarding spec 2 and 4).
 */
export function VerifyEmailForm({ email: searchEmail, title = "Check Your Email", notice, onVerified, resendFailedTitle, invitationToken }: VerifyEmailFormProps) {
  const flow = useAuthFlow();
  const completeSignIn = useCompleteSignIn();
  const goOn = useGoOnAfterSignIn();
  const session = useSignedInUser();
  const knownEmail = searchEmail?.trim() || session?.email || "";
  // A new code sent to a typed address makes that the address being confirmed.
  const [resentTo, setResentTo] = useState<string | null>(null);
  const email = resentTo ?? knownEmail;
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [codeInvalid, setCodeInvalid] = useState(false);
  // The session may answer after the first render: the field follows it until the user types.
  const [typedResendEmail, setResendEmail] = useState<string | null>(null);
  const resendEmail = typedResendEmail ?? knownEmail;
  const [resendMessage, setResendMessage] = useState<string | null>(null);
  const [resendInvalid, setResendInvalid] = useState(false);
  const [busy, setBusy] = useState<"verify" | "resend" | null>(null);
  const resendEmailRef = useRef<HTMLInputElement>(null);

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateCode(code);
    setCodeInvalid(Boolean(invalid));
    setMessage(invalid);
    if (invalid) return;
    setBusy("verify");
    const error = await authPost("/email-otp/verify-email", { email, otp: code.trim() });
    if (error) {
      setBusy(null);
      setCodeInvalid(true);
      setMessage(verifyCodeErrorMessage(error));
      return;
    }
    trackEmailVerified();
    toast({ title: AUTH_MESSAGES.emailVerified, variant: "success" });
    if (onVerified) {
      await onVerified();
      return;
    }
    const current = await signedInUser();
    if (!current) {
      await flow.sessionChanged();
      flow.showAuth({ email });
      return;
    }
    await completeSignIn(invitationToken);
    await goOn();
  }

  async function handleResend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = resendEmail.trim();
    setResendInvalid(!address);
    if (!address) {
      setResendMessage(EMAIL_CONFIRMATION_MESSAGES.emailRequired);
      resendEmailRef.current?.focus();
      return;
    }
    setBusy("resend");
    const failure = await resendConfirmation(address, resendFailedTitle);
    setBusy(null);
    setResendMessage(failure);
    if (failure) return;
    setResentTo(address);
    setMessage(null);
    setCodeInvalid(false);
    toast({ title: AUTH_MESSAGES.codeSent, description: AUTH_MESSAGES.codeSentDescription, variant: "success" });
  }

  return (
    <AuthCard
      title={title}
      description={
        email ? (
          <>
            We sent a 6-digit code to <strong className="wrap-anywhere text-foreground">{email}</strong>. Enter it below, or follow the link in the email, to confirm
            your email address. {codeLifetimeNote(true)}
          </>
        ) : (
          "Enter your email address below and we will send you a new confirmation code."
        )
      }
    >
      <div className="flex flex-col gap-6">
        {notice}
        {email && (
          <form noValidate onSubmit={handleVerify} className="flex flex-col gap-4" aria-label="Confirm your email">
            <FormMessage id={MESSAGE_ID} message={message} />
            <CodeField value={code} onValueChange={setCode} invalid={codeInvalid} describedBy={codeInvalid ? MESSAGE_ID : undefined} required />
            <Button type="submit" fullWidth loading={busy === "verify"} disabled={busy !== null}>
              Verify Email
            </Button>
          </form>
        )}
        <form noValidate onSubmit={handleResend} className="flex flex-col gap-4 border-t border-border pt-6" aria-label="Resend confirmation">
          {email && <p className="text-muted-foreground">Didn&apos;t get it? Check your spam folder or send a new code.</p>}
          <FormMessage id={RESEND_MESSAGE_ID} message={resendMessage} />
          <EmailField inputRef={resendEmailRef} value={resendEmail} onChange={setResendEmail} invalid={resendInvalid} messageId={RESEND_MESSAGE_ID} />
          <Button type="submit" variant="secondary" fullWidth loading={busy === "resend"} disabled={busy !== null}>
            Resend Confirmation
          </Button>
        </form>
        <div className="flex flex-col items-center gap-3 text-center">
          {session ? (
            <>
              <p className="text-muted-foreground">You have {EARLY_ACCESS_HOURS} hours of full access while you confirm your email.</p>
              <LeaveLink to="/dashboard" className={linkClass}>
                Continue with Early Access
              </LeaveLink>
            </>
          ) : (
            <AuthLink search={email ? { email } : {}} className={linkClass}>
              Back to sign in
            </AuthLink>
          )}
        </div>
      </div>
    </AuthCard>
  );
}
