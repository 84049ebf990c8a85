import { useEffect, useRef, useState, type FormEvent } from "react";
import { authPost } from "../../lib/authRequest";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { CodeField } from "../../ui/CodeField";
import { EmailField } from "./EmailField";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { sendCodeErrorMessage, verifyCodeErrorMessage } from "./authErrors";
import { useAuthFlow } from "./flow";
import { AUTH_MESSAGES } from "./messages";
import type { GuestInvite } from "./search";
import { useCompleteSignIn, useGoOnAfterSignIn } from "./useCompleteSignIn";
import { validateCode } from "./validation";

const MESSAGE_ID = "code-sign-in-message";

/** Sign-in with an emailed 6-digit code: send the code, then enter it (no account is created). */
export function CodeSignInForm({ initialEmail = "", invite = {} }: { initialEmail?: string | undefined; invite?: Partial<GuestInvite> }) {
  const flow = useAuthFlow();
  const completeSignIn = useCompleteSignIn();
  const goOn = useGoOnAfterSignIn();
  const [email, setEmail] = useState(initialEmail);
  const [step, setStep] = useState<"email" | "code">("email");
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [fieldInvalid, setFieldInvalid] = useState(false);
  const [busy, setBusy] = useState<"send" | "verify" | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (step === "code" ? codeRef : emailRef).current?.focus();
  }, [step]);

  async function sendCode() {
    const address = email.trim();
    if (!address) {
      setFieldInvalid(true);
      setMessage(AUTH_MESSAGES.missingEmail);
      emailRef.current?.focus();
      return;
    }
    setBusy("send");
    const error = await authPost("/email-otp/send-verification-otp", { email: address, type: "sign-in" });
    setBusy(null);
    if (error) {
      setFieldInvalid(false);
      setMessage(sendCodeErrorMessage(error));
      return;
    }
    setFieldInvalid(false);
    setMessage(null);
    setStep("code");
    toast({ title: AUTH_MESSAGES.codeSent, description: AUTH_MESSAGES.codeSentDescription, variant: "success" });
  }

  async function verifyCode() {
    const invalid = validateCode(code);
    setFieldInvalid(Boolean(invalid));
    setMessage(invalid);
    if (invalid) {
      codeRef.current?.focus();
      return;
    }
    setBusy("verify");
    const error = await authPost("/sign-in/email-otp", { email: email.trim(), otp: code.trim() });
    if (error) {
      setBusy(null);
      setFieldInvalid(true);
      setMessage(verifyCodeErrorMessage(error));
      return;
    }
    toast({ title: AUTH_MESSAGES.welcomeBack, variant: "success" });
    await completeSignIn(invite.token);
    await goOn();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void (step === "email" ? sendCode() : verifyCode());
  }

  function changeEmail() {
    setStep("email");
    setCode("");
    setMessage(null);
    setFieldInvalid(false);
  }

  const trimmedEmail = email.trim();
  return (
    <AuthCard
      title="Sign In with Email Code"
      description={
        step === "email" ? (
          "We will email you a 6-digit code to sign in with."
        ) : (
          <>
            We sent a 6-digit code to <strong className="wrap-anywhere text-foreground">{trimmedEmail}</strong>.
          </>
        )
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormMessage id={MESSAGE_ID} message={message} />
        {step === "email" ? (
          <>
            <EmailField inputRef={emailRef} value={email} onChange={setEmail} invalid={fieldInvalid} messageId={MESSAGE_ID} />
            <Button type="submit" fullWidth loading={busy === "send"}>
              Send Code
            </Button>
          </>
        ) : (
          <>
            <CodeField ref={codeRef} value={code} onValueChange={setCode} required invalid={fieldInvalid} describedBy={fieldInvalid ? MESSAGE_ID : undefined} />
            <Button type="submit" fullWidth loading={busy === "verify"} disabled={busy !== null}>
              Verify Code
            </Button>
            <div className="flex flex-wrap justify-center gap-x-6 gap-y-2">
              <Button variant="link" loading={busy === "send"} disabled={busy !== null} onClick={() => void sendCode()}>
                Resend code
              </Button>
              <Button variant="link" disabled={busy !== null} onClick={changeEmail}>
                Use a different email
              </Button>
            </div>
          </>
        )}
      </form>
      <div className="mt-6 text-center">
        <Button variant="link" onClick={() => flow.showAuth({ ...(trimmedEmail ? { email: trimmedEmail } : {}), ...invite })}>
          Back to password login
        </Button>
      </div>
    </AuthCard>
  );
}
