import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { appCodeOf } from "../../lib/query-client";
import { useTRPCClient } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import { clearForcePasswordReset } from "./forcePasswordReset";
import { AUTH_MESSAGES } from "./messages";

/** Refusals that mean the invitation is not (or no longer) this person's to take. */
const INVITATION_GONE_CODES = new Set(["INVITATION_NOT_FOUND", "INVITATION_EMAIL_MISMATCH"]);
/** Taking an invitation to a pregnancy one already belongs to is not a failure. */
const ALREADY_MEMBER_CODE = "ALREADY_MEMBER";

/**
 * What every successful sign-in or sign-up does before moving on (onboarding spec 4): clear the
 * force-reset flag, fetch the session again, and take the guest invitation the link carried (the
 * participant is linked to this account). A failed link never undoes the sign-in; the spec's toast
 * says what happened instead.
 */
export function useCompleteSignIn(): (invitationToken?: string) => Promise<void> {
  const { auth } = useRouteContext({ from: "__root__" });
  const queryClient = useQueryClient();
  const trpcClient = useTRPCClient();

  return async function completeSignIn(invitationToken) {
    clearForcePasswordReset();
    await auth.refresh().catch(() => null);
    if (!invitationToken) return;
    try {
      await trpcClient.invitations.accept.mutate({ token: invitationToken });
      // The account's pregnancies changed: nothing cached before the link is current.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
    } catch (error) {
      const code = appCodeOf(error);
      if (code === ALREADY_MEMBER_CODE) return;
      toast({ title: code && INVITATION_GONE_CODES.has(code) ? AUTH_MESSAGES.invitationNotFound : AUTH_MESSAGES.linkFailed, variant: "error" });
    }
  };
}

/**
 * Where a signed-in user goes next: the dashboard, or /partner/verify when a partner invitation
 * waits for their email (logging in while invited links the account, onboarding spec 4).
 */
export function useGoOnAfterSignIn(): () => Promise<void> {
  const navigate = useNavigate();
  const trpcClient = useTRPCClient();
  return async function goOn() {
    const pending = await trpcClient.partners.pendingForMe.query().catch(() => null);
    await (pending ? navigate({ to: "/partner/verify", search: { participantId: pending.participantId } }) : navigate({ to: "/dashboard" }));
  };
}
