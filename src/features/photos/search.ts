/** Search parameters of /photos: which tab is open, and the inspiration idea an upload starts from. */
import { isInspirationTemplateId } from "../../domain/inspiration";
import { isShareId } from "../../lib/sharedFiles";

export const PHOTO_TABS = ["album", "inspiration"] as const;
export type PhotoTab = (typeof PHOTO_TABS)[number];

export interface PhotosSearch {
  /** Without it the album shows. */
  tab?: PhotoTab;
  /** Set by 'Use this idea': the upload form starts from this idea's upload metadata. */
  template?: string;
  /** Set by the share sheet (src/sw.ts): the files shared to the app wait on the device under this id for the upload dialog. */
  share?: string;
}

const isPhotoTab = (value: unknown): value is PhotoTab => (PHOTO_TABS as readonly unknown[]).includes(value);

export const validatePhotosSearch = (search: Record<string, unknown>): PhotosSearch => ({
  ...(isPhotoTab(search.tab) ? { tab: search.tab } : {}),
  ...(isInspirationTemplateId(search.template) ? { template: search.template } : {}),
  ...(isShareId(search.share) ? { share: search.share } : {}),
});
