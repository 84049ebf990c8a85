import { useState, type ComponentPropsWithRef } from "react";
import { EyeIcon, EyeOffIcon } from "./icons";
import { TextField } from "./TextField";

interface PasswordFieldProps extends Omit<ComponentPropsWithRef<"input">, "type" | "id"> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** A password input with a show/hide toggle (a pressed button, named after its field for screen readers). */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      type={visible ? "text" : "password"}
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-pressed={visible}
          aria-label={`Show ${label.toLowerCase()}`}
          onClick={() => setVisible((shown) => !shown)}
          className="inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
      {...props}
    />
  );
}
