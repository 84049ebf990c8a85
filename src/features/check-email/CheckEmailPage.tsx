import { useEffect } from "react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { updateEarlyAccess } from "../auth/earlyAccess";
import { ForgotPasswordForm } from "../auth/ForgotPasswordForm";
import { VerifyEmailForm } from "../auth/VerifyEmailForm";
import { readStagedOnboarding } from "../onboarding/onboardingData";
import { EXPIRED_LINK_REASON } from "./search";
import { RESET_PASSWORD_MESSAGES } from "../../domain/auth";

const route = getRouteApi("/check-email");

/**
 * /check-email: confirm the email with the mailed code or resend it (default); the same after a
 * paid checkout, with a way on (payment=success); or ask for a new reset link (reason=otp_expired).
 */
export function CheckEmailPage() {
  const { email, payment, session_id: sessionId, reason, description } = route.useSearch();
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      {reason === EXPIRED_LINK_REASON ? (
        <ExpiredResetLink email={email} description={description} />
      ) : (
        <>
          {reason && <Alert title={RESET_PASSWORD_MESSAGES.verificationFailed}>{description ?? reason}</Alert>}
          <VerifyEmailForm email={email} notice={payment === "success" && sessionId ? <PaymentReceived sessionId={sessionId} /> : undefined} />
        </>
      )}
    </div>
  );
}

/** After checkout: staged onboarding continues to /confirm-pregnancy, otherwise to the dashboard. */
function PaymentReceived({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const staged = readStagedOnboarding() !== null;
  // The checkout return marks the payment complete in the early-access record (onboarding spec 4).
  useEffect(() => updateEarlyAccess({ paymentCompleted: true, stripeSessionId: sessionId }), [sessionId]);
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="success" title="Payment received">
        {staged ? "Confirm your email, then review and create your pregnancy." : "Confirm your email, then continue to your dashboard."}
      </Alert>
      {/* /confirm-pregnancy belongs to the parent wizard, so it is reached by path. */}
      <Button fullWidth onClick={() => void navigate({ href: staged ? "/confirm-pregnancy" : "/dashboard" })}>
        Continue
      </Button>
    </div>
  );
}

/** An expired password-reset link: ask for a new one. */
function ExpiredResetLink({ email, description }: { email?: string | undefined; description?: string | undefined }) {
  return (
    <ForgotPasswordForm
      initialEmail={email}
      title="Check Your Email"
      description="Your password reset link has expired or was already used. Enter your email address to get a new one."
      notice={<Alert title={RESET_PASSWORD_MESSAGES.resetLinkExpired}>{description}</Alert>}
      submitLabel="Send New Password Reset Link"
    />
  );
}
