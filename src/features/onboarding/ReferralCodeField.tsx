import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { REFERRAL_MESSAGES, isValidReferralFormat, normalizeReferralCode, referralInput, type ReferralValidationState } from "../../domain/referral";
import { useTRPC } from "../../lib/trpc";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { TextField } from "../../ui/TextField";
import { SignUpForm, type SignUpFormProps } from "../auth/SignUpForm";

/** Referral codes are checked this long after typing stops. */
export const REFERRAL_VALIDATION_DEBOUNCE_MS = 500;

export interface ReferralCheck {
  state: ReferralValidationState;
  /** What the field says under the input (the spec's four messages, or the format rule). */
  message?: string | undefined;
  /** A lookup failed: the code is neither valid nor invalid, so it does not block submitting. */
  failed: boolean;
}

/**
 * Onboarding spec 5: an optional code, checked against the referrals table 500 ms after typing
 * stops. A malformed code is refused without a lookup; an empty one is simply idle.
 */
export function useReferralCheck(code: string): ReferralCheck {
  const trpc = useTRPC();
  const normalized = normalizeReferralCode(code);
  const settled = useDebouncedValue(normalized, REFERRAL_VALIDATION_DEBOUNCE_MS);
  const typing = settled !== normalized;
  const wellFormed = isValidReferralFormat(settled);
  const lookup = useQuery({ ...trpc.referrals.check.queryOptions({ code: settled }), enabled: wellFormed && !typing, retry: false, staleTime: Infinity });

  if (!normalized) return { state: "idle", failed: false };
  if (typing) return { state: "idle", failed: false };
  if (!wellFormed) return { state: "invalid", message: REFERRAL_MESSAGES.invalidFormat, failed: false };
  if (lookup.isError) return { state: "idle", message: REFERRAL_MESSAGES.unableToValidate, failed: true };
  if (lookup.isPending) return { state: "validating", message: REFERRAL_MESSAGES.validating, failed: false };
  return lookup.data.status === "valid"
    ? { state: "valid", message: REFERRAL_MESSAGES.valid, failed: false }
    : { state: "invalid", message: lookup.data.status === "malformed" ? REFERRAL_MESSAGES.invalidFormat : REFERRAL_MESSAGES.notFound, failed: false };
}

interface ReferralCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  check: ReferralCheck;
}

/** The referral input: lowercase, at most 8 characters, its state announced politely as it changes. */
export function ReferralCodeField({ value, onChange, check }: ReferralCodeFieldProps) {
  const tone = check.state === "valid" ? "text-success-foreground" : check.state === "invalid" || check.failed ? "text-danger" : "text-muted-foreground";
  return (
    <div className="flex flex-col gap-1.5">
      <TextField
        label="Referral code (optional)"
        name="referralCode"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(referralInput(event.target.value))}
        invalid={check.state === "invalid"}
        describedBy="referral-status"
      />
      <p id="referral-status" role="status" aria-live="polite" className={`min-h-5 text-sm font-medium ${tone}`}>
        {check.message}
      </p>
    </div>
  );
}

/**
 * The sign-up form of the onboarding wizards, offering the optional referral code (the /auth page's
 * form goes without, and without the tRPC lookup behind it).
 */
export function SignUpFormWithReferral(props: Omit<SignUpFormProps, "referral">) {
  const [code, setCode] = useState("");
  const check = useReferralCheck(code);
  return <SignUpForm {...props} referral={{ code, state: check.state, field: <ReferralCodeField value={code} onChange={setCode} check={check} /> }} />;
}
