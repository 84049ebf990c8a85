import type { ReactNode } from "react";
import { Alert, FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { AuthCard } from "../../ui/AuthLayout";
import { EmailField } from "./EmailField";
import { useAuthFlow } from "./flow";
import { AUTH_MESSAGES } from "./messages";
import { usePasswordResetRequest } from "./usePasswordResetRequest";

const MESSAGE_ID = "forgot-password-message";

interface ForgotPasswordFormProps {
  initialEmail?: string | undefined;
  title?: string;
  description?: string;
  /** Shown above the form (the expired-link variant says why the visitor is here). */
  notice?: ReactNode;
  submitLabel?: string;
}

/**
 * A password-reset link by email: 'Forgot password?' on /auth, and 'Send New Password Reset Link'
 * on /check-email when a link had expired. The link works for one hour.
 */
export function ForgotPasswordForm({
  initialEmail = "",
  title = "Reset Your Password",
  description = "Enter the email address of your account and we will send you a link to choose a new password.",
  notice,
  submitLabel = "Send Reset Link",
}: ForgotPasswordFormProps) {
  const flow = useAuthFlow();
  const request = usePasswordResetRequest(initialEmail);
  const trimmedEmail = request.email.trim();
  return (
    <AuthCard title={title} description={description}>
      <form noValidate onSubmit={(event) => void request.submit(event)} className="flex flex-col gap-4">
        {notice}
        <FormMessage id={MESSAGE_ID} message={request.message} />
        {request.sentTo && (
          <Alert variant="success" title={AUTH_MESSAGES.resetEmailSent}>
            {`Check ${request.sentTo} for the link. ${AUTH_MESSAGES.resetEmailSentDescription}`}
          </Alert>
        )}
        <EmailField inputRef={request.emailRef} value={request.email} onChange={request.setEmail} invalid={request.fieldInvalid} messageId={MESSAGE_ID} />
        <Button type="submit" fullWidth loading={request.busy}>
          {submitLabel}
        </Button>
      </form>
      <div className="mt-6 text-center">
        <Button variant="link" onClick={() => flow.showAuth(trimmedEmail ? { email: trimmedEmail } : {})}>
          Back to password login
        </Button>
      </div>
    </AuthCard>
  );
}
