import { useState, type FormEvent } from "react";
import { Link, useNavigate, useRouteContext } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { sessionQueryOptions } from "../../lib/session";
import { Alert, FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { CodeField } from "../../ui/CodeField";
import { toast } from "../../ui/toast";
import { AuthCard } from "./AuthLayout";
import { authCall, sendCodeErrorMessage, verifyCodeErrorMessage } from "./authErrors";
import { AUTH_MESSAGES } from "./messages";
import { validateCode } from "./validation";

const MESSAGE_ID = "verify-message";
const linkClass = "font-semibold text-link underline underline-offset-4 hover:no-underline";

/** After sign-up: enter the 6-digit code emailed to confirm the address. */
export function VerifyEmailForm({ email: searchEmail }: { email?: string | undefined }) {
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: "__root__" });
  const session = useQuery(sessionQueryOptions).data;
  const email = searchEmail?.trim() || session?.user.email || "";
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [busy, setBusy] = useState<"verify" | "resend" | null>(null);

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateCode(code);
    setCodeInvalid(Boolean(invalid));
    setMessage(invalid);
    if (invalid) return;
    setBusy("verify");
    const error = await authCall(() => authClient.emailOtp.verifyEmail({ email, otp: code.trim() }));
    if (error) {
      setBusy(null);
      setCodeInvalid(true);
      setMessage(verifyCodeErrorMessage(error));
      return;
    }
    toast({ title: AUTH_MESSAGES.emailVerified, variant: "success" });
    const current = await auth.refresh().catch(() => null);
    await navigate(current ? { to: "/dashboard" } : { to: "/auth", search: { email } });
  }

  async function handleResend() {
    setBusy("resend");
    const error = await authCall(() => authClient.emailOtp.sendVerificationOtp({ email, type: "email-verification" }));
    setBusy(null);
    if (error) {
      setMessage(sendCodeErrorMessage(error));
      return;
    }
    setMessage(null);
    setCodeInvalid(false);
    toast({ title: AUTH_MESSAGES.codeSent, description: AUTH_MESSAGES.codeSentDescription, variant: "success" });
  }

  if (!email) {
    return (
      <AuthCard title="Check Your Email">
        <Alert variant="info">We could not tell which email address to verify. Sign in to continue.</Alert>
        <p className="mt-6 text-center">
          <Link to="/auth" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Check Your Email"
      description={
        <>
          We sent a 6-digit code to <strong className="break-all text-foreground">{email}</strong>. Enter it below to verify your email address.
        </>
      }
    >
      <form noValidate onSubmit={handleVerify} className="flex flex-col gap-4">
        <FormMessage id={MESSAGE_ID} message={message} />
        <CodeField value={code} onValueChange={setCode} invalid={codeInvalid} describedBy={codeInvalid ? MESSAGE_ID : undefined} required />
        <Button type="submit" fullWidth loading={busy === "verify"} disabled={busy !== null}>
          Verify Email
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        <p className="text-muted-foreground">
          Didn&apos;t get it? Check your spam folder or{" "}
          <Button variant="link" loading={busy === "resend"} disabled={busy !== null} onClick={handleResend}>
            Resend code
          </Button>
        </p>
        {session && (
          <Link to="/dashboard" className={linkClass}>
            Continue with Early Access
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
