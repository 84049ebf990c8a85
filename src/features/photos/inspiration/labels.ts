import type { InspirationCategory, ItemPrivacyLevel } from "../../../domain/enums";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../../lib/labels";

export const CATEGORY_LABELS: Readonly<Record<InspirationCategory, string>> = {
  "fruit-comparison": "Fruit comparison",
  holiday: "Holiday",
  ultrasound: "Ultrasound",
  events: "Events",
  general: "General",
};

export const privacyLabel = (level: ItemPrivacyLevel) => ITEM_PRIVACY_LEVEL_LABELS[level];

/** The gallery's own texts (the spec gives none beyond the 'Action failed' toast). */
export const INSPIRATION_TEXTS = {
  intro: "Ideas for bump photos week by week, holidays, scans and big days. Tap the heart to keep the ones you love.",
  favoriteNotSaved: "Your favourite could not be saved. Please try again.",
  favoritesNotLoaded: "Your favourites could not be loaded.",
  noFavorites: "No favourites yet",
  noFavoritesHint: "Tap the heart on any idea to keep it here.",
  noFavoritesInCategory: "No favourites in this category yet",
  noFavoritesInCategoryHint: "Choose another category, or turn off Favourites only to see every idea.",
} as const;
