import type { Ref } from "react";
import { TextField } from "../../ui/TextField";

interface EmailFieldProps {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** True when the form-level message (with id `messageId`) is about this field. */
  invalid: boolean;
  messageId: string;
}

/** The sign-in forms' email input: one place for its label, autocomplete and error wiring. */
export function EmailField({ inputRef, value, onChange, invalid, messageId }: EmailFieldProps) {
  return (
    <TextField
      ref={inputRef}
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      invalid={invalid}
      describedBy={invalid ? messageId : undefined}
    />
  );
}
