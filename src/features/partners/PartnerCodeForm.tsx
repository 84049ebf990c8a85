import { useId, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { partnerCodeSchema } from "../../domain/auth";
import { useTRPC } from "../../lib/trpc";
import { Alert, FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { CodeField } from "../../ui/CodeField";
import { verifyCodeErrorMessage } from "./partnerErrors";
import type { PartnerCodeSender, PartnerInvitation } from "./usePartnerCode";
import { PARTNER_MESSAGES } from "../../domain/partnerInvitation";
import { OTP_LENGTH } from "../../domain/authRules";

interface PartnerCodeFormProps {
  invitation: PartnerInvitation;
  sender: PartnerCodeSender;
  /** Who invited them, when the link says so. */
  inviter?: string | undefined;
  /** True once this invitation's code was accepted (kept by the page across steps). */
  verified: boolean;
  onVerified: (accepted: { participantId: string; pregnancyTitle: string | null; firstName: string | null; lastName: string | null }) => void;
  /** The button shown after 'Verification Complete'. */
  continueLabel: string;
  onContinue: () => void;
  continuing?: boolean;
  onBack?: () => void;
}

/**
 * The 6-digit code the pregnancy owner receives (onboarding spec 2, step 2): Verify Code, Resend
 * Code with a 30-second countdown, optional Back. The /invited-partner flow and /partner/verify share it.
 */
export function PartnerCodeForm({ invitation, sender, inviter, verified, onVerified, continueLabel, onContinue, continuing = false, onBack }: PartnerCodeFormProps) {
  const trpc = useTRPC();
  const verify = useMutation(trpc.partners.verifyCode.mutationOptions({ meta: { isolationToast: false } }));
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const messageId = useId();
  const countdownId = useId();
  // The server names the owner's address only masked.
  const owner = sender.ownerEmail;

  function checkCode() {
    const result = partnerCodeSchema.safeParse(code);
    setFieldError(result.success ? undefined : result.error.issues[0]?.message);
  }

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    try {
      const result = await verify.mutateAsync({ email: invitation.email, pregnancyId: invitation.pregnancyId, code });
      onVerified({ participantId: result.participantId, pregnancyTitle: result.pregnancyTitle, firstName: result.firstName, lastName: result.lastName });
    } catch (error) {
      setMessage(verifyCodeErrorMessage(error));
      setCode("");
    }
  }

  async function handleResend() {
    const error = await sender.send(invitation, true);
    setMessage(error);
    setFieldError(undefined);
  }

  if (verified) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success" title={PARTNER_MESSAGES.verificationComplete}>
          Your invitation is confirmed.
        </Alert>
        <Button fullWidth onClick={onContinue} loading={continuing} autoFocus>
          {continueLabel}
        </Button>
        {onBack && (
          <Button variant="secondary" fullWidth onClick={onBack} disabled={continuing}>
            Back
          </Button>
        )}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleVerify} className="flex flex-col gap-4">
      <p className="text-muted-foreground">
        To keep the pregnancy private, the {OTP_LENGTH}-digit code went to the pregnancy owner&apos;s email
        {owner ? <strong className="wrap-anywhere text-foreground"> ({owner})</strong> : null}, not to yours. Ask {inviter ?? "them"} for it.
      </p>
      <FormMessage id={messageId} message={message} />
      <CodeField
        name="code"
        value={code}
        onValueChange={(digits) => {
          setCode(digits);
          if (fieldError && partnerCodeSchema.safeParse(digits).success) setFieldError(undefined);
        }}
        onBlur={checkCode}
        required
        error={fieldError}
        invalid={Boolean(message)}
        describedBy={message ? messageId : undefined}
      />
      <Button type="submit" fullWidth loading={verify.isPending} disabled={code.length !== OTP_LENGTH || sender.busy}>
        Verify Code
      </Button>
      <div className="flex flex-col items-center gap-2">
        <Button
          variant="link"
          onClick={() => void handleResend()}
          loading={sender.busy}
          disabled={sender.secondsLeft > 0 || verify.isPending}
          aria-describedby={sender.secondsLeft > 0 ? countdownId : undefined}
        >
          Resend Code
        </Button>
        {sender.secondsLeft > 0 && (
          <p id={countdownId} className="text-sm text-muted-foreground">
            {PARTNER_MESSAGES.resendIn(sender.secondsLeft)}
          </p>
        )}
      </div>
      {onBack && (
        <Button variant="secondary" fullWidth onClick={onBack} disabled={verify.isPending}>
          Back
        </Button>
      )}
    </form>
  );
}
