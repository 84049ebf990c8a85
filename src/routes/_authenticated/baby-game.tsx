import { createFileRoute } from "@tanstack/react-router";
import { BabyGamePage } from "../../features/baby-game/BabyGamePage";
import { babyGameReads } from "../../features/baby-game/useBabyGame";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";

/** /baby-game: the baby prediction game, open to signed-in participants (the server checks canPlayBabyGame). */
export const Route = createFileRoute("/_authenticated/baby-game")({
  loader: screenLoader(babyGameReads),
  component: BabyGamePage,
});
