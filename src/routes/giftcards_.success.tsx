import { createFileRoute } from "@tanstack/react-router";
import { GiftCardSuccessPage } from "../features/giftcards/GiftCardSuccessPage";
import { validateGiftCardSuccessSearch } from "../features/giftcards/search";

/** /giftcards/success?session_id= (public): the bought card's code. The trailing '_' keeps it out of /giftcards' layout. */
export const Route = createFileRoute("/giftcards_/success")({
  validateSearch: validateGiftCardSuccessSearch,
  component: GiftCardSuccessPage,
});
