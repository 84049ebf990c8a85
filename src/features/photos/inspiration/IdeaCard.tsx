import { clsx } from "clsx";
import { INSPIRATION_IMAGE_SIZE, type InspirationTemplate } from "../../../domain/inspiration";
import { HeartIcon } from "../../../ui/icons";
import { CATEGORY_LABELS } from "./labels";

interface IdeaCardProps {
  template: InspirationTemplate;
  isFavorite: boolean;
  /** False until the favourites have loaded, so a tap never works on a guess. */
  canFavorite: boolean;
  onFavoriteChange: (favorite: boolean) => void;
  onOpen: () => void;
}

/**
 * One idea in the grid: its picture (loaded as it scrolls into view), title and category. The
 * title's button covers the whole card, so a tap anywhere opens the idea; the heart sits above it.
 */
export function IdeaCard({ template, isFavorite, canFavorite, onFavoriteChange, onOpen }: IdeaCardProps) {
  return (
    <li className="card relative flex min-w-0 flex-col overflow-hidden">
      <img src={template.url} alt={template.title} loading="lazy" decoding="async" width={INSPIRATION_IMAGE_SIZE} height={INSPIRATION_IMAGE_SIZE} className="aspect-square h-auto w-full bg-muted object-cover" />
      <div className="flex items-start gap-1 p-2 sm:p-3">
        <div className="min-w-0 flex-1 py-1">
          <h3 className="text-sm leading-snug font-semibold break-words">
            <button
              type="button"
              onClick={onOpen}
              aria-haspopup="dialog"
              className="text-left after:absolute after:inset-0 after:rounded-[inherit] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring"
            >
              {template.title}
            </button>
          </h3>
          <p className="mt-0.5 text-xs text-muted-foreground">{CATEGORY_LABELS[template.category]}</p>
        </div>
        <FavoriteButton title={template.title} isFavorite={isFavorite} disabled={!canFavorite} onChange={onFavoriteChange} />
      </div>
    </li>
  );
}

function FavoriteButton({ title, isFavorite, disabled, onChange }: { title: string; isFavorite: boolean; disabled: boolean; onChange: (favorite: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={`Favourite ${title}`}
      disabled={disabled}
      onClick={() => onChange(!isFavorite)}
      className="relative z-10 -my-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
    >
      <HeartIcon className={clsx("size-6", isFavorite ? "fill-current text-primary" : "text-muted-foreground")} />
    </button>
  );
}
