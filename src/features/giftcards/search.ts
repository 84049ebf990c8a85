/** Search parameters of /giftcards and /giftcards/success. */
import { checkoutSessionSearch } from "../../lib/searchParams";

export interface GiftCardsSearch {
  /** 'cancelled' after a cancelled checkout. */
  payment?: "cancelled";
}

export const validateGiftCardsSearch = (search: Record<string, unknown>): GiftCardsSearch => (search.payment === "cancelled" ? { payment: "cancelled" } : {});

export interface GiftCardSuccessSearch {
  /** The paid checkout session: the key to its card. */
  session_id?: string;
}

export const validateGiftCardSuccessSearch = (search: Record<string, unknown>): GiftCardSuccessSearch => checkoutSessionSearch(search);
