import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { cooldownSecondsOf, sendCodeErrorMessage, verifyEmailErrorMessage } from "./partnerErrors";
import { useCountdown } from "../../lib/useCountdown";
import { PARTNER_CODE_RESEND_COOLDOWN_SECONDS } from "../../domain/partnerInvitation";

/**
 * What the partner's browser knows of the invitation. The public lookup gives the pregnancy only;
 * participantId and pregnancyTitle come with the accepted code.
 */
export interface PartnerInvitation {
  email: string;
  pregnancyId: string;
  participantId?: string | undefined;
  pregnancyTitle?: string | null | undefined;
  /** The names the owner invited the partner with, known once the owner's code is proven. */
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

export type StartResult = { invitation: PartnerInvitation; error?: undefined } | { error: string; invitation?: undefined };

/** Partner refusals are the flow's own messages, not data-access toasts. */
const quiet = { meta: { isolationToast: false } } as const;

/**
 * Finding the invitation and mailing the owner a code (onboarding spec 2, steps 1 and 2): one
 * code per 30 s, counted down on screen; a send refused inside the cooldown means a code is
 * already on its way, so the countdown takes the server's seconds and the flow goes on.
 */
export function usePartnerCode() {
  const trpc = useTRPC();
  const lookup = useMutation(trpc.partners.verifyEmail.mutationOptions(quiet));
  const sendCode = useMutation(trpc.partners.sendCode.mutationOptions(quiet));
  const countdown = useCountdown();
  const [ownerEmail, setOwnerEmail] = useState<string | null>(null);

  /** Sends (or resends) the code; null when a code is on its way, else the message to show. */
  async function send(invitation: PartnerInvitation, resend = false): Promise<string | null> {
    try {
      const sent = await sendCode.mutateAsync({ email: invitation.email, pregnancyId: invitation.pregnancyId });
      setOwnerEmail(sent.ownerEmail);
      countdown.start(PARTNER_CODE_RESEND_COOLDOWN_SECONDS);
      return null;
    } catch (error) {
      const wait = cooldownSecondsOf(error);
      if (wait === null) return sendCodeErrorMessage(error, resend);
      countdown.start(wait);
      return null;
    }
  }

  /** Finds the pending invitation for this email, then mails the owner a code. */
  async function start(email: string): Promise<StartResult> {
    let found;
    try {
      found = (await lookup.mutateAsync({ email })).invitation;
    } catch (error) {
      return { error: verifyEmailErrorMessage(error) };
    }
    const invitation = { email, pregnancyId: found.pregnancyId };
    const error = await send(invitation);
    return error ? { error } : { invitation };
  }

  return { start, send, busy: lookup.isPending || sendCode.isPending, secondsLeft: countdown.secondsLeft, ownerEmail };
}

export type PartnerCodeSender = ReturnType<typeof usePartnerCode>;
