import { createFileRoute } from "@tanstack/react-router";
import { GiftCardsPage } from "../features/giftcards/GiftCardsPage";
import { validateGiftCardsSearch } from "../features/giftcards/search";

/** /giftcards (public, onboarding spec 2): buy a gift card. */
export const Route = createFileRoute("/giftcards")({
  validateSearch: validateGiftCardsSearch,
  component: GiftCardsPage,
});
