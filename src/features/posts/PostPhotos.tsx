import { useState } from "react";
import { PHOTO_THUMBNAIL_MAX_PX, photoAltText } from "../../domain/photos";
import { Dialog } from "../../ui/Dialog";
import { AlbumFullSize, AlbumThumbnail } from "../../ui/AlbumMedia";
import type { PostPhoto } from "./usePosts";

/** A post's photos as thumbnails; each opens large in a dialog. Both come through the album's authorised routes. */
export function PostPhotos({ photos }: { photos: readonly PostPhoto[] }) {
  const [open, setOpen] = useState<PostPhoto | null>(null);
  return (
    <>
      <ul aria-label="Photos" className="grid grid-cols-3 gap-2">
        {photos.map((photo) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(photo)}
              className="block aspect-square w-full overflow-hidden rounded-xl bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <AlbumThumbnail item={photo} alt={photoAltText(photo)} className="size-full" imgProps={{ width: PHOTO_THUMBNAIL_MAX_PX, height: PHOTO_THUMBNAIL_MAX_PX, loading: "lazy", decoding: "async" }} />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open?.title || "Photo"} size="lg">
        {open && <AlbumFullSize item={open} alt={photoAltText(open)} className="max-h-[70dvh] w-full rounded-xl" />}
      </Dialog>
    </>
  );
}
