import { requestAppCodeOf, trpcMutation, trpcQuery } from "../../lib/trpcRequest";
import { toast } from "../../ui/toast";
import { INVITATION_REFUSALS, type InvitationRefusal } from "../../domain/invitationClaims";
import { useAuthFlow } from "./flow";
import { clearForcePasswordReset } from "./forcePasswordReset";
import { AUTH_MESSAGES } from "./messages";

/** Taking an invitation to a pregnancy one already belongs to is not a failure. */
const ALREADY_MEMBER_CODE = "ALREADY_MEMBER";

/** The exact reason an invitation could not be taken, for a refusal's machine code. */
export const invitationRefusalMessage = (code: string | undefined): string | undefined =>
  code !== undefined && code in INVITATION_REFUSALS ? INVITATION_REFUSALS[code as InvitationRefusal] : undefined;

/**
 * What every successful sign-in or sign-up does before moving on (onboarding spec 4): clear the
 * force-reset flag, open the guest invitation the link carried, and let the new session be picked
 * up. The server binds the invitation to the account (issue 35): it joins now with a confirmed
 * email, or as soon as the email is confirmed, in whatever browser. A refusal never undoes the
 * sign-in; it says exactly why (used, withdrawn, expired, another address). Resolves true when the
 * invitation waits for the account's email to be confirmed: the caller then asks for the code.
 */
export function useCompleteSignIn(): (invitationToken?: string) => Promise<boolean> {
  const flow = useAuthFlow();

  return async function completeSignIn(invitationToken) {
    clearForcePasswordReset();
    let needsConfirmedEmail = false;
    if (invitationToken) {
      try {
        const opened = await trpcMutation("invitations.open", { token: invitationToken });
        needsConfirmedEmail = opened.state === "waiting";
      } catch (error) {
        const code = requestAppCodeOf(error);
        if (code !== ALREADY_MEMBER_CODE) toast({ title: invitationRefusalMessage(code) ?? AUTH_MESSAGES.linkFailed, variant: "error" });
      }
    }
    // After the invitation: the account's pregnancies may have changed, nothing cached before is current.
    await flow.sessionChanged();
    return needsConfirmedEmail;
  };
}

/**
 * Where a signed-in user goes next: the dashboard, or /partner/verify when a partner invitation
 * waits for their email (logging in while invited links the account, onboarding spec 4).
 */
export function useGoOnAfterSignIn(): () => Promise<void> {
  const flow = useAuthFlow();
  return async function goOn() {
    const pending = await trpcQuery("partners.pendingForMe").catch(() => null);
    flow.leave(pending ? `/partner/verify?${new URLSearchParams({ participantId: pending.participantId }).toString()}` : "/dashboard");
  };
}
