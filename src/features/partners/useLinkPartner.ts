import { useQueryClient } from "@tanstack/react-query";
import { useRouteContext } from "@tanstack/react-router";
import { useTRPCClient } from "../../lib/trpc";
import type { PartnerInvitation } from "./usePartnerCode";

/**
 * secure-partner-invitation/link-account: joins the signed-in account to the verified invitation,
 * then refreshes the session and forgets every cached answer about the user's pregnancies.
 */
export function useLinkPartner() {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { auth } = useRouteContext({ from: "__root__" });

  /** The invitation's participant; a flow that started at step 3 (verified=true) asks, signed in by now. */
  async function participantIdOf(invitation: PartnerInvitation): Promise<string> {
    if (invitation.participantId) return invitation.participantId;
    const pending = await client.partners.pendingForMe.query({ pregnancyId: invitation.pregnancyId });
    if (!pending) throw new Error("No partner invitation is waiting for this account");
    return pending.participantId;
  }

  async function link(participantId: string): Promise<void> {
    await client.partners.link.mutate({ participantId });
    await auth.refresh().catch(() => null);
    await queryClient.invalidateQueries();
  }

  return { participantIdOf, link };
}
