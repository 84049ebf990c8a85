import { useState } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { AuthCard, useFocusHeadingOnChange } from "../../ui/AuthLayout";
import { InvitationEmailStep } from "./InvitationEmailStep";
import { PartnerAccountStep } from "./PartnerAccountStep";
import { PartnerBenefitsStep } from "./PartnerBenefitsStep";
import { PartnerCodeForm } from "./PartnerCodeForm";
import { usePartnerCode, type PartnerInvitation } from "./usePartnerCode";
import { PERCENT } from "../../domain/units";

export const PARTNER_INVITATION_STEPS = 4;

const route = getRouteApi("/invited-partner");

type Step = 1 | 2 | 3 | 4;

/**
 * /invited-partner (onboarding spec 2): 1 the invitation's email, 2 the code sent to the owner,
 * 3 the free partner account, 4 sign in or create the account and connect. A link with
 * verified=true (and the email and pregnancy) starts at step 3.
 */
export function InvitedPartnerPage() {
  const { email = "", pregnancy_id: pregnancyId, inviter, verified: verifiedInLink } = route.useSearch();
  const startsVerified = Boolean(verifiedInLink && email && pregnancyId);
  const [step, setStep] = useState<Step>(startsVerified ? 3 : 1);
  const [invitation, setInvitation] = useState<PartnerInvitation | null>(startsVerified && pregnancyId ? { email, pregnancyId } : null);
  const [verified, setVerified] = useState(startsVerified);
  const sender = usePartnerCode();

  useFocusHeadingOnChange(step);

  function found(next: PartnerInvitation) {
    if (next.email !== invitation?.email || next.pregnancyId !== invitation.pregnancyId) setVerified(false);
    setInvitation(next);
    setStep(2);
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      <StepProgress step={step} />
      {step === 1 && <InvitationEmailStep initialEmail={invitation?.email ?? email} inviter={inviter} sender={sender} onFound={found} />}
      {step === 2 && invitation && (
        <AuthCard title="Enter Verification Code">
          <PartnerCodeForm
            invitation={invitation}
            sender={sender}
            inviter={inviter}
            verified={verified}
            onVerified={(accepted) => {
              setInvitation({ ...invitation, ...accepted });
              setVerified(true);
            }}
            continueLabel="Continue"
            onContinue={() => setStep(3)}
            onBack={() => setStep(1)}
          />
        </AuthCard>
      )}
      {step === 3 && <PartnerBenefitsStep onBack={() => setStep(2)} onContinue={() => setStep(4)} />}
      {step === 4 && invitation && <PartnerAccountStep invitation={invitation} onBack={() => setStep(3)} />}
    </div>
  );
}

function StepProgress({ step }: { step: Step }) {
  return (
    <div>
      <p className="text-sm font-semibold text-muted-foreground">
        Step {step} of {PARTNER_INVITATION_STEPS}
      </p>
      <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${(step / PARTNER_INVITATION_STEPS) * PERCENT}%` }} />
      </div>
    </div>
  );
}
