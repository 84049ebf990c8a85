import { requestAppCodeOf, trpcMutation, trpcQuery } from "../../lib/trpcRequest";
import { toast } from "../../ui/toast";
import { EMAIL_NOT_CONFIRMED_CODE } from "./authErrors";
import { useAuthFlow } from "./flow";
import { clearForcePasswordReset } from "./forcePasswordReset";
import { AUTH_MESSAGES } from "./messages";

/** Refusals that mean the invitation is not (or no longer) this person's to take. */
const INVITATION_GONE_CODES = new Set(["INVITATION_NOT_FOUND", "INVITATION_EMAIL_MISMATCH"]);
/** Taking an invitation to a pregnancy one already belongs to is not a failure. */
const ALREADY_MEMBER_CODE = "ALREADY_MEMBER";

/**
 * What every successful sign-in or sign-up does before moving on (onboarding spec 4): clear the
 * force-reset flag, take the guest invitation the link carried (the participant is linked to this
 * account), and let the new session be picked up. A failed link never undoes the sign-in; the
 * spec's toast says what happened instead. Resolves true when the invitation waits for the
 * account's email to be confirmed: the caller then asks for the emailed code.
 */
export function useCompleteSignIn(): (invitationToken?: string) => Promise<boolean> {
  const flow = useAuthFlow();

  return async function completeSignIn(invitationToken) {
    clearForcePasswordReset();
    let needsConfirmedEmail = false;
    if (invitationToken) {
      try {
        await trpcMutation("invitations.accept", { token: invitationToken });
      } catch (error) {
        const code = requestAppCodeOf(error);
        needsConfirmedEmail = code === EMAIL_NOT_CONFIRMED_CODE;
        if (!needsConfirmedEmail && code !== ALREADY_MEMBER_CODE) {
          toast({ title: code && INVITATION_GONE_CODES.has(code) ? AUTH_MESSAGES.invitationNotFound : AUTH_MESSAGES.linkFailed, variant: "error" });
        }
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
