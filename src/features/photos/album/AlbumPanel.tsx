import { useEffect, useRef, useState } from "react";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ItemPrivacyLevel } from "../../../domain/enums";
import { PHOTO_THUMBNAIL_MAX_PX, PHOTO_TOASTS, photoAltText } from "../../../domain/photos";
import { usePregnancyFeed } from "../../../lib/pregnancyFeed";
import { useTRPC, type RouterInputs } from "../../../lib/trpc";
import { Alert, FormMessage } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { SelectField } from "../../../ui/fields";
import { Spinner } from "../../../ui/Spinner";
import { AlbumThumbnail } from "../../../ui/AlbumMedia";
import { usePregnancyContext } from "../../pregnancy-context/usePregnancyContext";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../../lib/labels";
import { Lightbox } from "./Lightbox";
import type { UploadDefaults } from "../../../domain/inspiration";
import { UploadDialog } from "./UploadDialog";
import { SHARE_TEXTS } from "./sharedUpload";
import { albumPagesOptions } from "../photosReads";
import { thumbnailLoading, useAlbumColumns } from "./albumGrid";
import { formatNumber } from "../../../lib/format";
import { usePregnancyReadOnly } from "../../pregnancy-context/readOnly";

type ListInput = RouterInputs["photos"]["list"];
type Filters = Pick<ListInput, "week" | "uploadedBy" | "privacyLevel" | "tags">;

/**
 * The album: filters, a grid of thumbnails (each cell square before its picture comes; the first
 * screenful's pictures at once, the first row first, the rest lazily; 50 a page, more as the end
 * scrolls into view), the lightbox, and uploads for those who may add photos. Another viewer's
 * change reloads it live through the pregnancy's feed, as do a new photo's copies once the server
 * has made them (a placeholder stands in until then). Files shared to the app open the upload
 * dialog with them chosen.
 */
interface AlbumPanelProps {
  uploadDefaults?: UploadDefaults | undefined;
  /** Files shared from the share sheet (null when none): an empty list means they did not arrive. */
  shared?: File[] | null;
  onSharedDone?: () => void;
}

export function AlbumPanel({ uploadDefaults, shared = null, onSharedDone }: AlbumPanelProps) {
  const { pregnancyId, mode, access, isLoading } = usePregnancyContext();
  const readOnly = usePregnancyReadOnly();
  if (isLoading) return <Spinner label="Loading photos" />;
  if (!pregnancyId) return <FormMessage message={PHOTO_TOASTS.userOrPregnancyNotFound} />;
  // After the service end nothing can be uploaded (the page says why in one line).
  const canAdd = !readOnly && Boolean(access && (access.isParent || access.permissions.canUploadPhotos || access.permissions.canContributePhotos));
  return <Album scope={{ pregnancyId, mode }} isParent={mode === "parent" && Boolean(access?.isParent)} canAdd={canAdd} uploadDefaults={uploadDefaults} shared={shared} onSharedDone={onSharedDone} />;
}

interface AlbumProps extends Pick<AlbumPanelProps, "uploadDefaults" | "onSharedDone"> {
  scope: { pregnancyId: string; mode: ListInput["mode"] };
  isParent: boolean;
  canAdd: boolean;
  shared: File[] | null;
}

function Album({ scope, isParent, canAdd, uploadDefaults, shared, onSharedDone }: AlbumProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [uploading, setUploading] = useState(uploadDefaults !== undefined);
  const sharedToUpload = canAdd && shared !== null && shared.length > 0 ? shared : null;
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const columns = useAlbumColumns();

  const photos = useInfiniteQuery(albumPagesOptions(trpc, { ...scope, ...filters }));
  const options = useQuery(trpc.photos.filters.queryOptions(scope));
  // Parents see the plan's storage; a guest who may add photos sees their own quota.
  const storage = useQuery(trpc.photos.storage.queryOptions(scope, { enabled: isParent || canAdd }));
  const guestQuota = isParent ? null : (storage.data?.guest ?? null);
  const reload = () => void queryClient.invalidateQueries(trpc.photos.pathFilter());
  usePregnancyFeed(scope.pregnancyId, "photos", reload);

  const items = (photos.data?.pages ?? []).flatMap((page) => page.items);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = photos;
  useEffect(() => {
    const end = sentinel.current;
    if (!end || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const filterValue = <K extends keyof Filters>(key: K, value: string, parse: (v: string) => Filters[K]) => setFilters((current) => ({ ...current, [key]: value === "" ? undefined : parse(value) }));

  return (
    <section aria-labelledby="album-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="album-heading" className="text-xl font-bold">
          Album
        </h2>
        <div className="flex items-center gap-3">
          {isParent && storage.data && !storage.data.unlimited && (
            <p className="text-sm text-muted-foreground">
              {formatNumber(storage.data.used)} of {formatNumber(storage.data.limit)} photos used
            </p>
          )}
          {guestQuota && (
            <p className="text-sm text-muted-foreground">
              {formatNumber(guestQuota.used)} of {formatNumber(guestQuota.quota)} guest photos added
            </p>
          )}
          {canAdd && <Button onClick={() => setUploading(true)}>Upload photos</Button>}
        </div>
      </div>

      {shared !== null && !canAdd && <Alert variant="info">{SHARE_TEXTS.notAllowed}</Alert>}
      {shared?.length === 0 && canAdd && <Alert variant="info">{SHARE_TEXTS.missing}</Alert>}

      <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <legend className="sr-only">Filter photos</legend>
        <SelectField label="Week" value={filters.week ?? ""} onChange={(e) => filterValue("week", e.target.value, Number)}>
          <option value="">All weeks</option>
          {(options.data?.weeks ?? []).map((week) => (
            <option key={week} value={week}>
              Week {week}
            </option>
          ))}
        </SelectField>
        <SelectField label="Uploaded by" value={filters.uploadedBy ?? ""} onChange={(e) => filterValue("uploadedBy", e.target.value, String)}>
          <option value="">Everyone</option>
          {(options.data?.uploaders ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {person.firstName} {person.lastName}
            </option>
          ))}
        </SelectField>
        <SelectField label="Shared with" value={filters.privacyLevel ?? ""} onChange={(e) => filterValue("privacyLevel", e.target.value, (v) => v as ItemPrivacyLevel)}>
          <option value="">Any audience</option>
          {(options.data?.privacyLevels ?? []).map((level) => (
            <option key={level} value={level}>
              {ITEM_PRIVACY_LEVEL_LABELS[level]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Tag" value={filters.tags?.[0] ?? ""} onChange={(e) => filterValue("tags", e.target.value, (v) => [v])}>
          <option value="">All tags</option>
          {(options.data?.tags ?? []).map((tag) => (
            <option key={tag} value={tag}>
              #{tag}
            </option>
          ))}
        </SelectField>
      </fieldset>

      {photos.isPending ? (
        <Spinner label="Loading photos" />
      ) : photos.isError ? (
        <div className="flex flex-col items-start gap-2">
          <FormMessage message="Photos could not be loaded. Please check your connection." />
          <Button variant="secondary" onClick={() => void photos.refetch()}>
            Try Again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-card border border-dashed border-input p-6 text-center text-muted-foreground">
          {Object.values(filters).some((v) => v !== undefined) ? "No photos match these filters." : canAdd ? "No photos yet. Upload the first one!" : "No photos shared with you yet."}
        </p>
      ) : (
        <ul aria-label="Photos" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {items.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => setOpenIndex(index)}
                className="group relative block aspect-square w-full overflow-hidden rounded-xl bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <AlbumThumbnail
                  item={photo}
                  alt={photoAltText(photo)}
                  className="size-full transition-transform group-hover:scale-105"
                  imgProps={{ width: PHOTO_THUMBNAIL_MAX_PX, height: PHOTO_THUMBNAIL_MAX_PX, decoding: "async", ...thumbnailLoading(index, columns) }}
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent px-2 pt-4 pb-1 text-left text-xs font-semibold text-white">
                  Week {photo.week}
                  {photo.likesCount > 0 && ` · ♥ ${photo.likesCount}`}
                  {photo.commentsCount > 0 && ` · 💬 ${photo.commentsCount}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} />
      {hasNextPage && (
        <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} className="self-center">
          Load more photos
        </Button>
      )}

      {openIndex !== null && items[openIndex] && (
        <Lightbox
          scope={scope}
          photo={items[openIndex]}
          position={{ index: openIndex, total: items.length }}
          onMove={(step) => setOpenIndex((current) => (current === null ? null : Math.min(items.length - 1, Math.max(0, current + step))))}
          onClose={() => setOpenIndex(null)}
          onChanged={reload}
        />
      )}
      {(uploading || sharedToUpload) && canAdd && (
        <UploadDialog
          open
          onClose={() => {
            setUploading(false);
            onSharedDone?.();
          }}
          pregnancyId={scope.pregnancyId}
          defaults={uploadDefaults}
          onUploaded={reload}
          guestQuota={guestQuota}
          {...(sharedToUpload ? { initialFiles: sharedToUpload } : {})}
        />
      )}
    </section>
  );
}
