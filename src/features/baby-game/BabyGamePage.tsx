import { useId, useState } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { todayIso } from "../../domain/dates";
import { splitToast } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { Tabs } from "../../ui/Tabs";
import { PregnancyGate } from "../pregnancy-context/PregnancyGate";
import { ReadOnlyLine, usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { AREAS } from "../../lib/areas";
import { BabyPanel, BirthDetailsList } from "./BabyPanel";
import { storedResultOf } from "./birthDetails";
import { LeaderboardSection } from "./LeaderboardSection";
import { ParentControls, ScoreFromBirth } from "./ParentControls";
import { useBabyGame, useBabyGameWrites, type GameScope, type GameState } from "./useBabyGame";
import { PageHeader } from "../../ui/PageHeader";
import { GAME_TOASTS } from "../../domain/babyGame";
import { LOSS_TEXTS } from "../../domain/pregnancyLoss";
import { dateFormat } from "../../lib/format";

const { title: errorTitle, description: errorText } = splitToast(GAME_TOASTS.generic);
const lockedAtFormat = dateFormat({ month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * /baby-game: everyone with canPlayBabyGame guesses each baby's weight, length, date, time, hair
 * and eye colour and name; guests see the others' guesses once they have made theirs; the parents
 * lock the game with the actual results, and the ranked leaderboard appears.
 */
export function BabyGamePage() {
  const { title, summary } = AREAS.babyGame;
  useDocumentTitle(title);
  const { session } = useRouteContext({ from: "/_authenticated" });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader title={title} description={summary} />
      <PregnancyGate
        loadingLabel="Loading the baby game"
        noPregnancyMessage={GAME_TOASTS.noActivePregnancy}
        permission="canPlayBabyGame"
        limitedAccess={{ headingId: "game-limited-access", text: "The parents have not invited you to the baby game. Ask them if you would like to play." }}
      >
        {({ scope, isParent, pregnancy }) => <BabyGame key={scope.pregnancyId} scope={scope} isParent={isParent} dueDate={pregnancy?.dueDate ?? todayIso()} userId={session.user.id} />}
      </PregnancyGate>
    </div>
  );
}

function BabyGame({ scope, isParent, dueDate, userId }: { scope: GameScope; isParent: boolean; dueDate: string; userId: string }) {
  const { state, predictions, leaderboard } = useBabyGame(scope);
  const writes = useBabyGameWrites(scope);
  const [babyTab, setBabyTab] = useState<string | null>(null);
  // After the service end the game is as it ended: no guess, lock or score (the server refuses them).
  const readOnly = usePregnancyReadOnly();

  if (state.isPending || predictions.isPending) return <Spinner label="Loading the baby game" className="p-6" />;
  if (state.isError || predictions.isError)
    return (
      <LoadError
        title={errorTitle}
        onRetry={() => {
          void state.refetch();
          void predictions.refetch();
        }}
        busy={state.isFetching || predictions.isFetching}
      >
        {errorText ?? GAME_TOASTS.generic}
      </LoadError>
    );

  const game = state.data;
  // After a loss (issue 38): one calm line, nothing else of the game.
  if (game.closedByLoss) return <p className="text-muted-foreground">{LOSS_TEXTS.gameClosed}</p>;
  const { babies } = game;
  const panelOf = (baby: GameState["babies"][number]) => (
    <BabyPanel
      baby={baby}
      predictions={predictions.data.predictions.filter((p) => p.babyId === baby.id)}
      hidden={predictions.data.hiddenByBaby[baby.id] ?? 0}
      locked={game.isLocked || game.everyBabyHere || readOnly}
      isParent={isParent}
      defaultDate={dueDate}
      writes={writes}
    />
  );

  let guesses;
  if (babies.length === 0) guesses = <p className="text-muted-foreground">{isParent ? "Add your baby in Settings to start the game." : "The parents have not added a baby yet."}</p>;
  else if (babies.length === 1 && babies[0]) guesses = panelOf(babies[0]);
  else
    guesses = (
      <Tabs
        label="Babies"
        value={babyTab ?? babies[0]?.id ?? ""}
        onValueChange={setBabyTab}
        tabs={babies.map((baby) => ({ key: baby.id, label: baby.name, panel: panelOf(baby) }))}
      />
    );

  return (
    <>
      <ReadOnlyLine />
      <GameStatus state={game} readOnly={readOnly} />
      {isParent && !readOnly && <ParentControls state={game} writes={writes} dueDate={dueDate} />}
      {isParent && !readOnly && game.everyBabyHere && !game.isLocked && <ScoreFromBirth state={game} writes={writes} />}
      {game.isLocked && <ActualResults state={game} />}
      {game.isLocked && <LeaderboardSection leaderboard={leaderboard} babies={babies} userId={userId} />}
      {guesses}
    </>
  );
}

function GameStatus({ state, readOnly }: { state: GameState; readOnly: boolean }) {
  if (state.isLocked)
    return (
      <p role="status" className="rounded-xl border border-border bg-lavender px-4 py-3 text-sm">
        <strong className="font-semibold">The game is locked</strong>
        {state.lockedAt ? ` since ${lockedAtFormat.format(state.lockedAt)}` : ""}. The results are in: see who came closest below.
      </p>
    );
  if (state.everyBabyHere)
    return (
      <p role="status" className="rounded-xl border border-border bg-lavender px-4 py-3 text-sm">
        <strong className="font-semibold">{state.babies.length > 1 ? "The babies are here!" : "The baby is here!"}</strong> The game is closed to new guesses. The leaderboard appears once the parents score it.
      </p>
    );
  // Read-only, the line above says why no guess can be made.
  if (readOnly) return null;
  return <p className="text-sm text-muted-foreground">Make your guesses before the parents lock the game. You can change them until then.</p>;
}

/** What actually happened, per baby. */
function ActualResults({ state }: { state: GameState }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Actual results
      </h2>
      {state.babies.map((baby) => {
        const result = storedResultOf(state.actualResults?.[baby.id]);
        return (
          <div key={baby.id} className="flex flex-col gap-2">
            <h3 className="font-semibold">{baby.name}</h3>
            {result ? <BirthDetailsList details={result} /> : <p className="text-muted-foreground">No results entered.</p>}
          </div>
        );
      })}
    </section>
  );
}
