/**
 * Where the auth forms run: the standalone /auth page (src/auth/main.tsx, no router) or a page of
 * the app (create-account, check-email). The forms ask this seam to switch the /auth mode, to move
 * on to another page, and to have the new session picked up; each side provides it its own way.
 */
import { createContext, useContext, type MouseEvent, type ReactNode } from "react";
import type { AuthSearch } from "./search";

export interface AuthFlow {
  /** The /auth search (the app's pages hold none). */
  search: AuthSearch;
  /** Shows /auth in this mode (in place on the standalone page, by loading it from the app). */
  showAuth: (search: AuthSearch) => void;
  /** Goes on to another page of the app: a path, possibly with a query. */
  leave: (path: string) => void;
  /** The user signed in, up or out: whatever cached the old session must let it go. */
  sessionChanged: () => Promise<void>;
}

const AuthFlowContext = createContext<AuthFlow | null>(null);

export const AuthFlowProvider = AuthFlowContext.Provider;

export function useAuthFlow(): AuthFlow {
  const flow = useContext(AuthFlowContext);
  if (!flow) throw new Error("useAuthFlow needs an AuthFlowProvider");
  return flow;
}

/** /auth with this search, e.g. '/auth?mode=signup&email=a%40b.c'. */
export function authHref(search: AuthSearch): string {
  const query = new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")).toString();
  return query ? `/auth?${query}` : "/auth";
}

/** A plain click (no modifier key, no middle button), which the page may handle itself. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

interface FlowLinkProps {
  className?: string;
  children: ReactNode;
}

/** A real link to /auth in a mode: opens in a new tab as usual, and switches in place on a plain click. */
export function AuthLink({ search, ...props }: FlowLinkProps & { search: AuthSearch }) {
  const flow = useAuthFlow();
  return (
    <a
      href={authHref(search)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        flow.showAuth(search);
      }}
      {...props}
    />
  );
}

/** A real link to a page of the app, followed through the flow (the app's router, or a page load). */
export function LeaveLink({ to, ...props }: FlowLinkProps & { to: string }) {
  const flow = useAuthFlow();
  return (
    <a
      href={to}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        flow.leave(to);
      }}
      {...props}
    />
  );
}
