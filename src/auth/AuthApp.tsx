import { useEffect, useMemo, useState } from "react";
import { AuthPage } from "../features/auth/AuthPage";
import { authHref, AuthFlowProvider, type AuthFlow } from "../features/auth/flow";
import { validateAuthSearch, type AuthSearch } from "../features/auth/search";
import { HOME_LINK_STYLES, HomeLinkContent, PublicFrame } from "../features/shell/PublicFrame";
import { SkipLink } from "../ui/SkipLink";
import { handOverToast } from "../ui/toast";
import { Toaster } from "../ui/Toaster";

/** The /auth search of the current address. */
export const currentAuthSearch = (): AuthSearch => validateAuthSearch(Object.fromEntries(new URLSearchParams(window.location.search)));

/**
 * The standalone page's side of the auth flow: the mode lives in the address (back and forward
 * switch it), a mode switch stays on the page, and leaving loads the app with the toast on screen.
 * The app reads the new session itself when it starts.
 */
function useStandaloneAuthFlow(initial: AuthSearch): AuthFlow {
  const [search, setSearch] = useState(initial);
  useEffect(() => {
    const followHistory = () => setSearch(currentAuthSearch());
    window.addEventListener("popstate", followHistory);
    return () => window.removeEventListener("popstate", followHistory);
  }, []);
  return useMemo(
    () => ({
      search,
      showAuth: (next) => {
        window.history.pushState(null, "", authHref(next));
        setSearch(next);
      },
      leave: (path) => {
        handOverToast();
        window.location.assign(path);
      },
      sessionChanged: () => Promise.resolve(),
    }),
    [search],
  );
}

/**
 * False in the prerendered HTML and the first render, true once the script has taken over the
 * page: the forms are disabled until then, so a quick visitor cannot submit the static form
 * natively (a GET with the password in the address) or type into fields about to be taken over.
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The whole /auth page: the public frame around the auth forms (prerendered, then taken over in place). */
export function AuthApp({ initialSearch }: { initialSearch: AuthSearch }) {
  const flow = useStandaloneAuthFlow(initialSearch);
  const hydrated = useHydrated();
  return (
    <AuthFlowProvider value={flow}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <PublicFrame
          homeLink={
            <a href="/" className={HOME_LINK_STYLES}>
              <HomeLinkContent />
            </a>
          }
        >
          <fieldset disabled={!hydrated} className="contents">
            <AuthPage />
          </fieldset>
        </PublicFrame>
        <Toaster />
      </div>
    </AuthFlowProvider>
  );
}
