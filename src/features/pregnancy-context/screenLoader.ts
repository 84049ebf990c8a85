/**
 * The signed-in routes' data loading, in as few round trips as the answers allow: the shell's
 * reads (mode and pregnancies) leave with the session, and a screen's loader starts the screen's
 * reads and `pregnancy.access` together as soon as those answer. The mode and the pregnancy are
 * decided here exactly as useAppMode and usePregnancyContext decide them, from the same stores and
 * the same cached answers, so the components find every query already asked for.
 */
import type { ParsedLocation } from "@tanstack/react-router";
import { PARENT_DEFAULT_PERMISSIONS } from "../../domain/permissions";
import type { ReadContext, ScreenReads, ScreenScope } from "../../lib/screenReads";
import { storedGuestChoice } from "./guestChoiceStore";
import { modeEntry, settledMode } from "./modeStore";
import { pregnancyAccessOptions, pregnancyInMode, pregnancyMineInput, pregnancyMineOptions, validPreg } from "./usePregnancyContext";

const shellQueries = ({ queryClient, trpc }: ReadContext, userId: string | null, preg: string | undefined) =>
  [trpc.account.modeContext.queryOptions(), pregnancyMineOptions(trpc, queryClient, pregnancyMineInput(preg, userId ? storedGuestChoice(userId) : undefined))] as const;

/**
 * Starts the shell's reads unless they are cached, in the caller's tick: the route guard calls it
 * beside the session's read, with the user of the last session in this browser as the guess for
 * whose stored guest choice to send (none without one). A wrong guess costs a second
 * `pregnancy.mine` once the session answers, never a wrong answer: the server answers for the
 * session's user whatever the input says. Signed out, both are refused with UNAUTHORIZED, which
 * leads home as the guard does.
 */
export function startShellReads(context: ReadContext, userId: string | null, preg: string | undefined): void {
  const [modeContext, mine] = shellQueries(context, userId, preg);
  void context.queryClient.ensureQueryData(modeContext).catch(() => undefined);
  void context.queryClient.ensureQueryData(mine).catch(() => undefined);
}

/**
 * The mode, pregnancy and flags a screen works with, once the shell's reads have answered (as
 * cached: the screen starts from the same answers).
 */
async function screenScope(context: ReadContext, user: { id: string; emailVerified: boolean }, preg: string | undefined): Promise<ScreenScope> {
  const [modeQuery, mineQuery] = shellQueries(context, user.id, preg);
  const [modeContext, mine] = await Promise.all([context.queryClient.ensureQueryData(modeQuery), context.queryClient.ensureQueryData(mineQuery)]);
  const mode = settledMode(modeEntry(user.id), modeContext.hasParentCapability);
  const pregnancy = pregnancyInMode(mine, mode);
  const scope = pregnancy ? { pregnancyId: pregnancy.id, mode } : null;
  const isParent = mode === "parent" && pregnancy !== null;
  const cachedAccess = scope ? context.queryClient.getQueryData(pregnancyAccessOptions(context.trpc, scope).queryKey) : undefined;
  return {
    userId: user.id,
    emailVerified: user.emailVerified,
    mode,
    pregnancy: scope,
    // A guest's flags come with the pregnancy list, so a first load asks for the flagged reads with the rest.
    permissions: isParent ? { ...PARENT_DEFAULT_PERMISSIONS } : (cachedAccess?.permissions ?? pregnancy?.permissions ?? null),
    isParent,
  };
}

interface ScreenLoaderArgs {
  context: ReadContext & { session: { user: { id: string; emailVerified: boolean } } };
  location: ParsedLocation;
  /** 'stay': a change of the search within the screen, which the screen's own queries follow (some on purpose a moment later). */
  cause: "preload" | "enter" | "stay";
}

/**
 * A signed-in screen's loader: once the scope is known, `pregnancy.access` and the screen's reads
 * start in one tick. It does not wait for them: the screen shows its own loading states, as it
 * would without the loader, and a failed read is the screen's to show. The shell's reads go again
 * in that tick when they are stale, as the screen's components would ask for them on mounting.
 */
export function screenLoader(reads: ScreenReads) {
  return ({ context, location, cause }: ScreenLoaderArgs): void => {
    if (cause === "stay") return;
    const preg = validPreg(location.search);
    const { queryClient, trpc } = context;
    void screenScope(context, context.session.user, preg)
      .then((scope) => {
        const [modeQuery, mineQuery] = shellQueries(context, scope.userId, preg);
        void queryClient.prefetchQuery(modeQuery);
        void queryClient.prefetchQuery(mineQuery);
        if (scope.pregnancy) void queryClient.prefetchQuery(pregnancyAccessOptions(trpc, scope.pregnancy));
        reads(context, scope, location.search);
      })
      .catch(() => undefined);
  };
}
