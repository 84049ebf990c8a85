/**
 * The baby game's data: the game's state, the guesses the server lets the viewer see and the
 * leaderboard, reloaded live when anyone guesses, locks or unlocks; and the writes, each with the
 * spec's toasts (core spec 8): 'Predictions Submitted!' / 'Prediction updated' on success,
 * 'Unable to submit' / 'Unable to update' (with the server's reason) on failure.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserMode } from "../../domain/enums";
import { SUCCESS_TOASTS, splitToast } from "../../domain/errors";
import { usePregnancyFeed } from "../../lib/pregnancyFeed";
import { appCodeOf, isUnauthorized } from "../../lib/query-client";
import type { ScreenReads } from "../../lib/screenReads";
import { useTRPC, type AppTRPC, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import { GAME_TOASTS } from "../../domain/babyGame";

export interface GameScope {
  pregnancyId: string;
  mode: UserMode;
}
export type GameState = RouterOutputs["babyGame"]["state"];
export type Baby = GameState["babies"][number];
export type Prediction = RouterOutputs["babyGame"]["predictions"]["predictions"][number];
export type Leaderboard = RouterOutputs["babyGame"]["leaderboard"];
export type BirthDetailsInput = RouterInputs["babyGame"]["submit"]["details"];
export type GuessForSomeoneInput = Omit<RouterInputs["babyGame"]["enterFor"], "pregnancyId" | "mode">;
export type ActualResultsInput = RouterInputs["babyGame"]["lock"]["results"];

/** These calls say what failed themselves; the app-wide refusal toast would only be replaced. */
const quiet = { isolationToast: false } as const;

/** Codes whose message says why (the game is locked or closed by the birth, the player already guessed, a field is wrong). */
const EXPLAINED_CODES = new Set(["GAME_LOCKED", "GAME_CLOSED", "DUPLICATE_PLAYER", "NOT_YOUR_PREDICTION", "VALIDATION_FAILED"]);

/** A spec text as a toast ('Title: description'), with the server's reason after it when it gave one. */
export function gameToast(text: string, variant: "success" | "error", reason?: string) {
  const { title, description } = splitToast(text);
  toast({ title, variant, description: [description, reason].filter(Boolean).join(" ") || undefined });
}

/** 'Not signed in' when the session ended; otherwise the action's own failure text and the reason. */
function failureToast(error: unknown, failure: string) {
  if (isUnauthorized(error)) return gameToast(GAME_TOASTS.notSignedIn, "error");
  const reason = EXPLAINED_CODES.has(appCodeOf(error) ?? "") && error instanceof Error ? error.message : undefined;
  gameToast(failure, "error", reason);
}

const stateOptions = (trpc: AppTRPC, scope: GameScope) => trpc.babyGame.state.queryOptions(scope, { meta: quiet });
const predictionsOptions = (trpc: AppTRPC, scope: GameScope) => trpc.babyGame.predictions.queryOptions(scope, { meta: quiet });

/** What /baby-game reads once the user may play: the game's state and the guesses (the leaderboard waits for a locked state). */
export const babyGameReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, permissions }) => {
  if (!pregnancy || !permissions?.canPlayBabyGame) return;
  void queryClient.prefetchQuery(stateOptions(trpc, pregnancy));
  void queryClient.prefetchQuery(predictionsOptions(trpc, pregnancy));
};

export function useBabyGame(scope: GameScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(stateOptions(trpc, scope));
  const predictions = useQuery(predictionsOptions(trpc, scope));
  const leaderboard = useQuery(trpc.babyGame.leaderboard.queryOptions(scope, { meta: quiet, enabled: state.data?.isLocked ?? false }));
  usePregnancyFeed(scope.pregnancyId, "babyGame", () => void queryClient.invalidateQueries(trpc.babyGame.pathFilter()));
  return { state, predictions, leaderboard };
}

/** The writes; each reloads the game when it settles (the feed tells everyone else). */
export function useBabyGameWrites(scope: GameScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries(trpc.babyGame.pathFilter());
  const settled = { meta: quiet, onSettled: reload };

  const submit = useMutation(
    trpc.babyGame.submit.mutationOptions({
      ...settled,
      onSuccess: ({ created }) => gameToast(created ? SUCCESS_TOASTS.predictionsSubmitted : SUCCESS_TOASTS.predictionUpdated, "success"),
      onError: (error) => failureToast(error, GAME_TOASTS.submitFailed),
    }),
  );
  const update = useMutation(
    trpc.babyGame.update.mutationOptions({
      ...settled,
      onSuccess: () => gameToast(SUCCESS_TOASTS.predictionUpdated, "success"),
      onError: (error) => failureToast(error, GAME_TOASTS.updateFailed),
    }),
  );
  const enterFor = useMutation(
    trpc.babyGame.enterFor.mutationOptions({
      ...settled,
      onSuccess: (prediction) => gameToast(SUCCESS_TOASTS.predictionsSubmitted, "success", `Saved for ${prediction.playerName}.`),
      onError: (error) => failureToast(error, GAME_TOASTS.submitFailed),
    }),
  );
  const remove = useMutation(
    trpc.babyGame.remove.mutationOptions({
      ...settled,
      onSuccess: () => gameToast(SUCCESS_TOASTS.success, "success", "The guess was removed."),
      onError: (error) => failureToast(error, GAME_TOASTS.generic),
    }),
  );
  const lock = useMutation(
    trpc.babyGame.lock.mutationOptions({
      ...settled,
      onSuccess: () => gameToast(SUCCESS_TOASTS.success, "success", "The game is locked and the leaderboard is ready."),
      onError: (error) => failureToast(error, GAME_TOASTS.generic),
    }),
  );
  const unlock = useMutation(
    trpc.babyGame.unlock.mutationOptions({
      ...settled,
      onSuccess: () => gameToast(SUCCESS_TOASTS.success, "success", "The game is open for guesses again."),
      onError: (error) => failureToast(error, GAME_TOASTS.generic),
    }),
  );

  return {
    submit: (babyId: string, details: BirthDetailsInput) => submit.mutateAsync({ ...scope, babyId, details }),
    update: (predictionId: string, details: BirthDetailsInput) => update.mutateAsync({ ...scope, predictionId, details }),
    enterFor: (input: GuessForSomeoneInput) => enterFor.mutateAsync({ ...scope, ...input }),
    remove: (predictionId: string) => remove.mutateAsync({ ...scope, predictionId }),
    lock: (results: ActualResultsInput) => lock.mutateAsync({ ...scope, results }),
    unlock: () => unlock.mutateAsync(scope),
    isSaving: submit.isPending || update.isPending,
  };
}
export type BabyGameWrites = ReturnType<typeof useBabyGameWrites>;
