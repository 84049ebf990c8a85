/** Search parameters of /photos: which tab is open, and the inspiration idea an upload starts from. */
import { isInspirationTemplateId } from "../../domain/inspiration";

export const PHOTO_TABS = ["album", "inspiration"] as const;
export type PhotoTab = (typeof PHOTO_TABS)[number];

export interface PhotosSearch {
  /** Without it the album shows. */
  tab?: PhotoTab;
  /** Set by 'Use this idea': the upload form starts from this idea's upload metadata. */
  template?: string;
}

const isPhotoTab = (value: unknown): value is PhotoTab => (PHOTO_TABS as readonly unknown[]).includes(value);

export const validatePhotosSearch = (search: Record<string, unknown>): PhotosSearch => ({
  ...(isPhotoTab(search.tab) ? { tab: search.tab } : {}),
  ...(isInspirationTemplateId(search.template) ? { template: search.template } : {}),
});
