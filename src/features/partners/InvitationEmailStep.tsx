import { useId, useState, type FormEvent } from "react";
import { signUpSchema } from "../../domain/auth";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { AuthCard } from "../../ui/AuthLayout";
import type { PartnerCodeSender, PartnerInvitation } from "./usePartnerCode";

interface InvitationEmailStepProps {
  initialEmail: string;
  inviter?: string | undefined;
  sender: PartnerCodeSender;
  onFound: (invitation: PartnerInvitation) => void;
}

/** Step 1: the address the invitation went to; 'Verify Invitation' finds it and mails the owner a code. */
export function InvitationEmailStep({ initialEmail, inviter, sender, onFound }: InvitationEmailStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    // 'Email is required', then 'Please enter a valid email' (onboarding spec 5).
    const checked = signUpSchema.shape.email.safeParse(email);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      (event.currentTarget.elements.namedItem("email") as HTMLInputElement | null)?.focus();
      return;
    }
    setFieldError(undefined);
    const result = await sender.start(checked.data);
    if (result.error !== undefined) setMessage(result.error);
    else onFound(result.invitation);
  }

  return (
    <AuthCard
      title="Verify Your Invitation"
      description={
        <>
          {inviter ? `${inviter} invited you` : "You have been invited"} to join their pregnancy on BabySteps as their partner. Enter the email address the invitation was sent
          to.
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormMessage id={messageId} message={message} />
        <TextField
          label="Invitation email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          invalid={Boolean(message)}
          describedBy={message ? messageId : undefined}
        />
        <Button type="submit" fullWidth loading={sender.busy}>
          Verify Invitation
        </Button>
      </form>
    </AuthCard>
  );
}
