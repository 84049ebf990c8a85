import { INVITATION_REFUSALS, type InvitationRefusal } from "../../domain/invitationClaims";
import { Alert, FormMessage } from "../../ui/Alert";
import { useFocusHeadingOnChange } from "../../ui/AuthLayout";
import { CodeSignInForm } from "./CodeSignInForm";
import { useAuthFlow } from "./flow";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { AUTH_MESSAGES } from "./messages";
import { inviteSearch } from "./search";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";
import { VerifyEmailForm } from "./VerifyEmailForm";

/**
 * /auth: sign in (default), sign up, verify the email, sign in with an emailed code, or ask for a
 * reset link. An invitation link opens on sign-up: most invitees have no account yet.
 */
export function AuthPage() {
  const { search } = useAuthFlow();
  const invite = inviteSearch(search);
  const invited = invite.invite_type === "guest";
  const { mode = invited ? "signup" : "signin", email, error } = search;

  useFocusHeadingOnChange(mode);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      {error === "verification_failed" && <FormMessage message={AUTH_MESSAGES.verificationLinkFailed} />}
      {error === "invalid_recovery" && <FormMessage message={AUTH_MESSAGES.invalidRecoveryLink} />}
      {error !== undefined && error in INVITATION_REFUSALS && <FormMessage message={INVITATION_REFUSALS[error as InvitationRefusal]} />}
      {invited && mode === "verify" && (
        <Alert variant="info">Your invitation is saved to your account: you join as soon as your email address is confirmed, here or from the link in the email.</Alert>
      )}
      {invited && mode !== "verify" && (
        <Alert variant="info">
          <strong className="block font-semibold">{AUTH_MESSAGES.invitedBanner}</strong>
          {`${invite.inviter ?? "A parent"} invited you to follow their pregnancy on BabySteps. Guests join free.`}
        </Alert>
      )}
      {mode === "signin" && <SignInForm initialEmail={email} invite={invite} />}
      {mode === "signup" && <SignUpForm initialEmail={email} invite={invite} />}
      {mode === "verify" && <VerifyEmailForm email={email} invitationToken={invite.token} />}
      {mode === "code" && <CodeSignInForm initialEmail={email} invite={invite} />}
      {mode === "forgot" && <ForgotPasswordForm initialEmail={email} />}
    </div>
  );
}
