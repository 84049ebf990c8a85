import { INVITATION_REFUSALS } from "../../domain/invitationClaims";
import { requestAppCodeOf, trpcMutation } from "../../lib/trpcRequest";
import { handOverToast, toast } from "../../ui/toast";
import { authHref } from "./flow";
import { inviteSearch, type AuthSearch } from "./search";

/** Already a member of that pregnancy: the invitation has nothing left to do. */
const ALREADY_MEMBER_CODE = "ALREADY_MEMBER";

/** True when the page already shows why this invitation could not be taken (so it is not opened again). */
export const showsInvitationRefusal = (search: AuthSearch) => search.error !== undefined && search.error in INVITATION_REFUSALS;

/**
 * A guest invitation link opened by someone signed in (issue 35): it joins them and goes on to the
 * pregnancy, or, before their email is confirmed, is kept for them and asks for the code; otherwise
 * the page says exactly why it cannot be taken.
 */
export async function openSignedInInvitation(search: AuthSearch, token: string, email: string): Promise<void> {
  try {
    const opened = await trpcMutation("invitations.open", { token });
    if (opened.state === "joined") {
      toast({ title: `Welcome to ${opened.pregnancyTitle}!`, variant: "success" });
      handOverToast();
      window.location.replace("/dashboard");
      return;
    }
    window.location.replace(authHref({ ...inviteSearch(search), mode: "verify", email }));
  } catch (error) {
    const code = requestAppCodeOf(error);
    if (code === ALREADY_MEMBER_CODE) window.location.replace("/dashboard");
    else window.location.replace(authHref({ ...inviteSearch(search), mode: "signin", error: code && code in INVITATION_REFUSALS ? code : "INVITATION_NOT_FOUND" }));
  }
}
