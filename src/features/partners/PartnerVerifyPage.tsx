import { useState } from "react";
import { getRouteApi, useNavigate, useRouteContext } from "@tanstack/react-router";
import { SUCCESS_TOASTS } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { EMAIL_NOT_CONFIRMED_CODE } from "../auth/authErrors";
import { VerifyEmailForm } from "../auth/VerifyEmailForm";
import { resendConfirmation } from "../auth/resendConfirmation";
import { appCodeOf } from "../../lib/query-client";
import { linkErrorMessage } from "./partnerErrors";
import { PartnerCodeForm } from "./PartnerCodeForm";
import { useLinkPartner } from "./useLinkPartner";
import { usePartnerCode, type PartnerInvitation } from "./usePartnerCode";
import { PARTNER_ERROR_MESSAGES } from "../../domain/partnerInvitation";
import { OTP_LENGTH } from "../../domain/authRules";

const route = getRouteApi("/_authenticated/partner/verify");

/**
 * /partner/verify?participantId= (onboarding spec 2): a signed-in user whose email has a pending
 * partner invitation asks for the owner's code, enters it, and joins the pregnancy. Joining needs
 * the account's own email confirmed: its code is sent and asked for here first.
 */
export function PartnerVerifyPage() {
  useDocumentTitle("Verify Partner Invitation");
  const { participantId } = route.useSearch();
  const { session } = useRouteContext({ from: "/_authenticated" });
  const navigate = useNavigate();
  const sender = usePartnerCode();
  const { link } = useLinkPartner();
  const [invitation, setInvitation] = useState<PartnerInvitation | null>(null);
  const [verified, setVerified] = useState(false);
  const [linking, setLinking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const email = session.user.email;

  async function start() {
    setMessage(null);
    const result = await sender.start(email);
    if (result.error !== undefined) setMessage(result.error);
    else setInvitation(result.invitation);
  }

  function accepted(code: { participantId: string; pregnancyTitle: string | null }) {
    if (!invitation) return;
    // The link names one invitation; another one pending for the same email is not this page's.
    if (participantId && code.participantId !== participantId) {
      setMessage(PARTNER_ERROR_MESSAGES.invitation_not_found);
      return;
    }
    setInvitation({ ...invitation, ...code });
    setVerified(true);
  }

  async function connect() {
    if (!invitation?.participantId) return;
    setLinking(true);
    setMessage(null);
    try {
      await link(invitation.participantId);
    } catch (error) {
      setLinking(false);
      if (appCodeOf(error) === EMAIL_NOT_CONFIRMED_CODE) {
        await resendConfirmation(email);
        setConfirming(true);
      } else setMessage(linkErrorMessage(error));
      return;
    }
    toast({ title: SUCCESS_TOASTS.success, description: `You joined ${invitation.pregnancyTitle ?? "the pregnancy"} as a partner.`, variant: "success" });
    await navigate({ to: "/dashboard" });
  }

  if (confirming) {
    return (
      <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
        <VerifyEmailForm
          email={email}
          onVerified={async () => {
            setConfirming(false);
            await connect();
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      <AuthCard
        title="Verify Your Partner Invitation"
        description={
          invitation?.pregnancyTitle ? (
            <>
              Join <strong className="text-foreground">{invitation.pregnancyTitle}</strong> as a partner.
            </>
          ) : (
            <>
              A partner invitation is waiting for <strong className="wrap-anywhere text-foreground">{email}</strong>.
            </>
          )
        }
      >
        <div className="flex flex-col gap-4">
          <FormMessage message={message} />
          {invitation ? (
            <PartnerCodeForm
              invitation={invitation}
              sender={sender}
              verified={verified}
              onVerified={accepted}
              continueLabel="Connect to the Pregnancy"
              onContinue={() => void connect()}
              continuing={linking}
            />
          ) : (
            <>
              <p className="text-muted-foreground">
                To keep the pregnancy private, a {OTP_LENGTH}-digit code goes to the pregnancy owner&apos;s email. Ask them for it once it is sent.
              </p>
              <Button fullWidth onClick={() => void start()} loading={sender.busy}>
                Send Verification Code
              </Button>
            </>
          )}
        </div>
      </AuthCard>
    </div>
  );
}
