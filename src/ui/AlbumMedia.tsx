import { clsx } from "clsx";
import type { ImgHTMLAttributes } from "react";
import { CLIP_MESSAGES, formatClipLength } from "../domain/clips";
import type { AlbumItemKind } from "../domain/enums";
import { FilmIcon, PlayIcon } from "./icons";
import { PreparingPhoto } from "./PreparingPhoto";

/** What any list of album items (the album, posts, the dashboard) says of one. */
export interface AlbumMediaItem {
  kind: AlbumItemKind;
  url: string;
  /** Null only for a clip the uploading browser could not make a poster of. */
  thumbnailUrl: string | null;
  durationMs: number | null;
  copiesPending: boolean;
  playsEverywhere?: boolean;
}

/** The neutral poster of a clip without one: no broken image, and a name a screen reader says. */
function NeutralPoster({ label, className }: { label: string; className?: string }) {
  return (
    <div role="img" aria-label={label} className={clsx("flex items-center justify-center bg-muted text-muted-foreground", className)}>
      <FilmIcon className="size-8" />
    </div>
  );
}

/**
 * An album item's square thumbnail: the picture, or a clip's poster with a play mark and its
 * length (a neutral poster when it has none), or the placeholder while copies are being made.
 */
export function AlbumThumbnail({ item, alt, className, imgProps }: { item: AlbumMediaItem; alt: string; className?: string; imgProps?: Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt" | "className"> }) {
  if (item.copiesPending) return <PreparingPhoto className={className} />;
  const label = item.kind === "clip" ? `${alt} (video${item.durationMs !== null ? `, ${formatClipLength(item.durationMs)}` : ""})` : alt;
  const picture = item.thumbnailUrl ? <img src={item.thumbnailUrl} alt={label} className={clsx("object-cover", className)} {...imgProps} /> : <NeutralPoster label={label} className={className} />;
  if (item.kind !== "clip") return picture;
  return (
    <span className="relative block size-full">
      {picture}
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
        <span className="rounded-full bg-black/55 p-2 text-white">
          <PlayIcon className="size-5" />
        </span>
      </span>
      {item.durationMs !== null && (
        <span aria-hidden="true" className="absolute top-1 right-1 rounded bg-black/60 px-1.5 text-xs font-semibold text-white">
          {formatClipLength(item.durationMs)}
        </span>
      )}
    </span>
  );
}

/**
 * An album item at full size: the picture, or a clip with the browser's own controls (keyboard
 * included), starting on its poster; a clip stored without a display copy says it may not play
 * everywhere.
 */
export function AlbumFullSize({ item, alt, className }: { item: AlbumMediaItem; alt: string; className?: string }) {
  if (item.copiesPending) return <PreparingPhoto className={clsx("aspect-square w-full", className)} />;
  if (item.kind !== "clip") return <img src={item.url} alt={alt} className={clsx("object-contain", className)} />;
  return (
    <figure className="space-y-2">
      <video src={item.url} poster={item.thumbnailUrl ?? undefined} controls playsInline preload="metadata" aria-label={alt} className={clsx("w-full bg-black", className)} />
      {item.playsEverywhere === false && <figcaption className="text-sm text-muted-foreground">{CLIP_MESSAGES.mayNotPlay}</figcaption>}
    </figure>
  );
}
