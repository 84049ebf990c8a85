import { createFileRoute } from "@tanstack/react-router";
import { BabyGamePage } from "../../features/baby-game/BabyGamePage";

/** /baby-game: the baby prediction game, open to signed-in participants (the server checks canPlayBabyGame). */
export const Route = createFileRoute("/_authenticated/baby-game")({
  component: BabyGamePage,
});
