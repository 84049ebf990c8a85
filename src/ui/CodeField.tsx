import type { ComponentPropsWithRef } from "react";
import { keepDigits, OTP_LENGTH } from "../domain/authRules";
import { TextField } from "./TextField";

interface CodeFieldProps extends Omit<ComponentPropsWithRef<"input">, "value" | "onChange" | "id"> {
  value: string;
  onValueChange: (digits: string) => void;
  label?: string;
  error?: string | undefined;
  invalid?: boolean;
  describedBy?: string | undefined;
  hint?: string | undefined;
}

/** A 6-digit code input: digits only, at most 6, numeric keyboard, one-time-code autofill. */
export function CodeField({ value, onValueChange, label = "Verification code", ...props }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onValueChange(keepDigits(event.target.value))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      pattern="[0-9]*"
      spellCheck={false}
      inputClassName="font-mono text-lg tracking-[0.4em]"
      {...props}
    />
  );
}
