import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { photoAltText } from "../../domain/photos";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { CloseIcon, ImageIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { AlbumThumbnail } from "../../ui/AlbumMedia";
import type { AlbumPhoto } from "../photos/album/albumPhoto";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../lib/labels";
import type { PostPhoto, PostsScope } from "./usePosts";
import { POST_MAX_PHOTOS } from "../../domain/posts";

const postPhotoOf = ({ id, url, thumbnailUrl, kind, durationMs, playsEverywhere, copiesPending, altText, title, week }: AlbumPhoto): PostPhoto => ({ id, url, thumbnailUrl, kind, durationMs, playsEverywhere, copiesPending, altText, title, week });

interface AttachPhotosProps {
  scope: PostsScope;
  photos: readonly PostPhoto[];
  onChange: (photos: PostPhoto[]) => void;
}

/** The composer's photos: small thumbnails to remove, and 'Add photos' to choose more from the album. */
export function AttachPhotos({ scope, photos, onChange }: AttachPhotosProps) {
  const [choosing, setChoosing] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      {photos.length > 0 && (
        <ul aria-label="Attached photos" className="flex flex-wrap gap-2">
          {photos.map((photo) => (
            <li key={photo.id} className="relative size-16 sm:size-20">
              <AlbumThumbnail item={photo} alt={photoAltText(photo)} className="size-full rounded-lg" />
              <button
                type="button"
                aria-label={`Remove ${photoAltText(photo)}`}
                onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
                className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full border border-border bg-surface shadow focus-visible:outline-2 focus-visible:outline-ring"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="secondary" size="sm" onClick={() => setChoosing(true)}>
          <ImageIcon className="size-4" />
          Add photos
        </Button>
      </div>
      <Dialog open={choosing} onClose={() => setChoosing(false)} title="Attach photos from the album" size="lg">
        <ChoosePhotos
          scope={scope}
          initial={photos}
          onCancel={() => setChoosing(false)}
          onAttach={(chosen) => {
            onChange(chosen);
            setChoosing(false);
          }}
        />
      </Dialog>
    </div>
  );
}

/**
 * The album's photos (those this parent sees, newest first, 50 a page) as checkable tiles; up to
 * POST_MAX_PHOTOS in all, in the order chosen.
 */
function ChoosePhotos({ scope, initial, onCancel, onAttach }: { scope: PostsScope; initial: readonly PostPhoto[]; onCancel: () => void; onAttach: (photos: PostPhoto[]) => void }) {
  const trpc = useTRPC();
  const album = useInfiniteQuery(trpc.photos.list.infiniteQueryOptions(scope, { getNextPageParam: (page) => page.nextCursor ?? undefined }));
  const [chosen, setChosen] = useState<PostPhoto[]>([...initial]);
  const full = chosen.length >= POST_MAX_PHOTOS;
  const items = (album.data?.pages ?? []).flatMap((page) => page.items);

  const toggle = (photo: AlbumPhoto) =>
    setChosen((current) => (current.some((p) => p.id === photo.id) ? current.filter((p) => p.id !== photo.id) : current.length < POST_MAX_PHOTOS ? [...current, postPhotoOf(photo)] : current));

  let body;
  if (album.isPending) body = <Spinner label="Loading photos" />;
  else if (album.isError) body = <LoadError title="Photos could not be loaded" onRetry={() => void album.refetch()} busy={album.isFetching} />;
  else if (items.length === 0) {
    body = (
      <p className="rounded-card border border-dashed border-input p-6 text-center text-muted-foreground">
        The album is empty. Upload photos in the{" "}
        <Link to="/photos" className="text-link underline">
          album
        </Link>{" "}
        first, then attach them here.
      </p>
    );
  } else {
    body = (
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Photos in the album</legend>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {items.map((photo) => {
            const checked = chosen.some((p) => p.id === photo.id);
            return (
              <li key={photo.id}>
                <label className="relative block aspect-square overflow-hidden rounded-xl bg-muted has-disabled:opacity-50">
                  <AlbumThumbnail item={photo} alt={photoAltText(photo)} className="size-full" imgProps={{ loading: "lazy" }} />
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-2 pt-4 pb-1 text-xs font-semibold text-white">
                    {ITEM_PRIVACY_LEVEL_LABELS[photo.privacyLevel]}
                  </span>
                  {/* The checkbox covers the tile, unseen; the marks after it show its state and focus. */}
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(photo)}
                    className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                  />
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-0 rounded-xl ring-primary ring-inset peer-checked:ring-4 peer-focus-visible:outline-2 peer-focus-visible:-outline-offset-4 peer-focus-visible:outline-ring"
                  />
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 right-1.5 hidden size-6 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground peer-checked:flex"
                  >
                    ✓
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {album.hasNextPage && (
          <Button variant="secondary" className="self-center" loading={album.isFetchingNextPage} onClick={() => void album.fetchNextPage()}>
            Load more photos
          </Button>
        )}
      </fieldset>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">Each photo keeps its own audience: guests see the photos on a post that are shared with them.</p>
      {body}
      <p aria-live="polite" className="text-sm font-semibold">
        {chosen.length} of {POST_MAX_PHOTOS} photos chosen
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => onAttach(chosen)}>Attach</Button>
      </div>
    </div>
  );
}
