import { useMemo } from "react";
import { Link, Outlet, useMatches, useRouteContext, useRouter } from "@tanstack/react-router";
import { SESSION_QUERY_KEY } from "../../lib/session";
import { handOverToast } from "../../ui/toast";
import { Toaster } from "../../ui/Toaster";
import { authHref, AuthFlowProvider, type AuthFlow } from "../auth/flow";
import { SkipLink } from "../../ui/SkipLink";
import { HOME_LINK_STYLES, HomeLinkContent, PublicFrame } from "./PublicFrame";
import { UpdatePrompt } from "./UpdatePrompt";

/**
 * The auth forms inside the app (create-account, check-email): /auth is its own page, so showing it
 * loads it; other pages go through the router; a new session is fetched again and every other
 * cached query is let go (the account's pregnancies may have changed with an invitation).
 */
function useAppAuthFlow(): AuthFlow {
  const router = useRouter();
  const { auth, queryClient } = useRouteContext({ from: "__root__" });
  return useMemo(
    () => ({
      search: {},
      showAuth: (search) => {
        handOverToast();
        window.location.assign(authHref(search));
      },
      leave: (path) => void router.navigate({ href: path }),
      sessionChanged: async () => {
        await auth.refresh().catch(() => null);
        await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      },
    }),
    [router, auth, queryClient],
  );
}

/**
 * Page frame: skip link, the new-version prompt and the toast region for every page. Public pages get the header (app
 * name, theme) and a main landmark here; the signed-in app brings its own shell (AppShell).
 */
export function RootLayout() {
  const inApp = useMatches({ select: (matches) => matches.some((match) => match.routeId.startsWith("/_authenticated")) });
  const authFlow = useAppAuthFlow();
  return (
    <AuthFlowProvider value={authFlow}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        {inApp ? (
          <Outlet />
        ) : (
          <PublicFrame
            homeLink={
              <Link to="/" className={HOME_LINK_STYLES}>
                <HomeLinkContent />
              </Link>
            }
          >
            <Outlet />
          </PublicFrame>
        )}
        <UpdatePrompt />
        <Toaster />
      </div>
    </AuthFlowProvider>
  );
}
