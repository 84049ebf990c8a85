import { useRef, useState, type FormEvent } from "react";
import { RESET_PASSWORD_PATH } from "../../domain/authRules";
import { authPost } from "../../lib/authRequest";
import { toast } from "../../ui/toast";
import { resetRequestErrorMessage } from "./authErrors";
import { AUTH_MESSAGES } from "./messages";

/**
 * Asking for a password-reset link by email: 'Email required' when empty, 'Reset Email Sent' or
 * 'Reset Error'. The form around it decides the wording.
 */
export function usePasswordResetRequest(initialEmail = "") {
  const [email, setEmail] = useState(initialEmail);
  const [message, setMessage] = useState<string | null>(null);
  const [fieldInvalid, setFieldInvalid] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setFieldInvalid(!address);
    if (!address) {
      setMessage(AUTH_MESSAGES.resetEmailRequired);
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    const error = await authPost("/request-password-reset", { email: address, redirectTo: RESET_PASSWORD_PATH });
    setBusy(false);
    if (error) {
      setMessage(resetRequestErrorMessage(error));
      return;
    }
    setMessage(null);
    setSentTo(address);
    toast({ title: AUTH_MESSAGES.resetEmailSent, description: AUTH_MESSAGES.resetEmailSentDescription, variant: "success" });
  }

  return { email, setEmail, message, fieldInvalid, sentTo, busy, emailRef, submit };
}
