import { useEffect, useRef, useState, type FormEvent } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { RESET_PASSWORD_MESSAGES, type ResetPasswordInput, resetPasswordSchema } from "../../domain/auth";
import { authClient, authCall } from "../../lib/auth-client";
import { fieldErrors } from "../../lib/formErrors";
import { Alert, FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { PasswordField } from "../../ui/PasswordField";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { AuthLink, useAuthFlow } from "./flow";
import { clearForcePasswordReset, setForcePasswordReset, storedResetToken } from "./forcePasswordReset";

const route = getRouteApi("/reset-password");
const linkClass = "font-semibold text-link underline underline-offset-4 hover:no-underline";
const MESSAGE_ID = "reset-password-message";
/** better-auth's answer for a used, expired or unknown reset token. */
const INVALID_TOKEN = "INVALID_TOKEN";
const WEAK_PASSWORD = "WEAK_PASSWORD";
/** Ours: the spec names the state ('verifying'), not its text. */
const VERIFYING_TITLE = "Verifying Your Reset Link";

type Errors = Partial<Record<keyof ResetPasswordInput, string>>;

type LinkCheck = "verifying" | "valid" | "expired";

/**
 * Checks a reset token without using it up: better-auth's GET /reset-password/:token (the mailed
 * link's own first stop) looks the token up and redirects to the callback with `token` when it is
 * current, or with `error=INVALID_TOKEN` when it is used, expired or unknown; the followed
 * redirect's address says which. Without an answer (offline) the form shows: submitting it checks again.
 */
async function checkResetToken(token: string): Promise<Exclude<LinkCheck, "verifying">> {
  try {
    const response = await fetch(`/api/auth/reset-password/${encodeURIComponent(token)}?${new URLSearchParams({ callbackURL: "/reset-password" }).toString()}`, { credentials: "omit" });
    return new URL(response.url).searchParams.get("error") === INVALID_TOKEN ? "expired" : "valid";
  } catch {
    return "valid";
  }
}

const validate = (values: ResetPasswordInput): Errors => fieldErrors<ResetPasswordInput>(resetPasswordSchema.safeParse(values));

/** /reset-password: the form behind a recovery link, or 'Reset Link Expired' when the link is no good. */
export function ResetPasswordPage() {
  const search = route.useSearch();
  const token = search.error ? undefined : (search.token ?? storedResetToken());
  const [check, setCheck] = useState<LinkCheck>(token ? "verifying" : "expired");

  useEffect(() => {
    if (!token) return;
    // A recovery link pins the visitor here until the reset is done or they sign in (onboarding spec 2).
    setForcePasswordReset(token);
    let current = true;
    void checkResetToken(token).then((result) => {
      if (current) setCheck(result);
    });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      {check === "expired" || !token ? (
        <ResetLinkExpired />
      ) : check === "verifying" ? (
        <AuthCard title={VERIFYING_TITLE}>
          <Spinner size="sm" showLabel label="Checking that your password reset link still works..." />
        </AuthCard>
      ) : (
        <NewPasswordForm token={token} onExpired={() => setCheck("expired")} />
      )}
    </div>
  );
}

function ResetLinkExpired() {
  useEffect(() => clearForcePasswordReset(), []);
  return (
    <AuthCard title={RESET_PASSWORD_MESSAGES.resetLinkExpired}>
      <Alert variant="error" title={RESET_PASSWORD_MESSAGES.invalidResetLink}>
        {RESET_PASSWORD_MESSAGES.sessionExpired}
      </Alert>
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        <AuthLink search={{ mode: "forgot" }} className={linkClass}>
          Send New Password Reset Link
        </AuthLink>
        <AuthLink search={{}} className={linkClass}>
          Back to Sign In
        </AuthLink>
      </div>
    </AuthCard>
  );
}

function NewPasswordForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const flow = useAuthFlow();
  const [values, setValues] = useState<ResetPasswordInput>({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof ResetPasswordInput) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Clear a field's error as soon as it is corrected.
    if (errors[field] && !validate(next)[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setMessage(null);
    if (found.password || found.confirmPassword) {
      (found.password ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setBusy(true);
    const error = await authCall(() => authClient.resetPassword({ newPassword: values.password, token }));
    if (error) {
      setBusy(false);
      if (error.code === INVALID_TOKEN) return onExpired();
      if (error.code === WEAK_PASSWORD) return setErrors({ password: RESET_PASSWORD_MESSAGES.weakPassword });
      setMessage(error.message ? `${RESET_PASSWORD_MESSAGES.updateFailed}: ${error.message}` : RESET_PASSWORD_MESSAGES.updateFailed);
      return;
    }
    clearForcePasswordReset();
    toast({ title: RESET_PASSWORD_MESSAGES.passwordUpdated, description: "Sign in with your new password.", variant: "success" });
    flow.showAuth({});
  }

  return (
    <AuthCard title="Choose a New Password" description="Use at least 8 characters. Mixing upper and lower case, numbers and symbols makes it stronger.">
      <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormMessage id={MESSAGE_ID} message={message} />
        <PasswordField
          ref={passwordRef}
          label="New Password"
          name="new-password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={change("password")}
          error={errors.password}
        />
        <PasswordField
          ref={confirmRef}
          label="Confirm New Password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={change("confirmPassword")}
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth loading={busy}>
          Update Password
        </Button>
      </form>
      <p className="mt-6 text-center">
        <AuthLink search={{}} className={linkClass}>
          Back to Sign In
        </AuthLink>
      </p>
    </AuthCard>
  );
}
