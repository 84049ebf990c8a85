import { useState } from "react";
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { authClient, authCall } from "../../lib/auth-client";
import { toast } from "../../ui/toast";
import { AUTH_MESSAGES } from "./messages";

/** Signs out, forgets every cached query and goes to '/'; a failure keeps the user here with the spec's toast. */
export function useLogOut(): { busy: boolean; logOut: () => Promise<void> } {
  const navigate = useNavigate();
  const { auth } = useRouteContext({ from: "__root__" });
  const [busy, setBusy] = useState(false);

  async function logOut() {
    setBusy(true);
    const error = await authCall(() => authClient.signOut());
    if (error) {
      setBusy(false);
      toast({ title: AUTH_MESSAGES.logoutFailed, variant: "error" });
      return;
    }
    // '/' loads a new document: the device is forgotten first.
    await auth.clear();
    await navigate({ to: "/" });
  }

  return { busy, logOut };
}
