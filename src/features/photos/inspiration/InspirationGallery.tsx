import { useState } from "react";
import { INSPIRATION_CATEGORIES, type InspirationCategory } from "../../../domain/enums";
import { filterTemplates, inspirationTemplate, INSPIRATION_TEMPLATES, isInspirationCategory, type InspirationTemplate } from "../../../domain/inspiration";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { SelectField, Switch } from "../../../ui/fields";
import { HeartIcon } from "../../../ui/icons";
import { IdeaCard } from "./IdeaCard";
import { IdeaDialog } from "./IdeaDialog";
import { CATEGORY_LABELS, INSPIRATION_TEXTS } from "./labels";
import { useFavoriteTemplates } from "./useFavoriteTemplates";

/**
 * The inspiration gallery: the 102 photo ideas in a grid (two columns on a phone, more on wider
 * screens), filtered by category and to the user's favourites; an idea opens in a dialog. Without
 * `onUseIdea` (nothing can be uploaded) no idea offers to start an upload.
 */
export function InspirationGallery({ onUseIdea }: { onUseIdea?: (template: InspirationTemplate) => void }) {
  const [category, setCategory] = useState<InspirationCategory | null>(null);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const favorites = useFavoriteTemplates();
  const shown = filterTemplates(INSPIRATION_TEMPLATES, { category, favoriteIds: favoritesOnly ? favorites.favoriteIds : null });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold">Photo ideas</h2>
        <p className="text-muted-foreground">{INSPIRATION_TEXTS.intro}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-6">
        <SelectField
          label="Category"
          value={category ?? ""}
          onChange={(event) => setCategory(isInspirationCategory(event.target.value) ? event.target.value : null)}
          className="sm:w-64"
        >
          <option value="">All categories</option>
          {INSPIRATION_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {CATEGORY_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <Switch label="Favourites only" checked={favoritesOnly} onCheckedChange={setFavoritesOnly} className="sm:py-0" />
      </div>
      {favorites.isError && (
        <Alert title={INSPIRATION_TEXTS.favoritesNotLoaded}>
          <Button variant="link" onClick={() => void favorites.retry()} loading={favorites.isRetrying}>
            Try again
          </Button>
        </Alert>
      )}
      <p role="status" className="text-sm text-muted-foreground">
        {shown.length === 1 ? "1 idea" : `${shown.length} ideas`}
      </p>
      {shown.length === 0 ? (
        <EmptyFavorites anyFavorites={favorites.favoriteIds.size > 0} />
      ) : (
        <ul aria-label="Photo ideas" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {shown.map((template) => (
            <IdeaCard
              key={template.id}
              template={template}
              isFavorite={favorites.favoriteIds.has(template.id)}
              canFavorite={favorites.isReady}
              onFavoriteChange={(favorite) => favorites.setFavorite(template.id, favorite)}
              onOpen={() => setOpenId(template.id)}
            />
          ))}
        </ul>
      )}
      <IdeaDialog
        template={openId === null ? undefined : inspirationTemplate(openId)}
        onClose={() => setOpenId(null)}
        {...(onUseIdea && {
          onUse: (template: InspirationTemplate) => {
            setOpenId(null);
            onUseIdea(template);
          },
        })}
      />
    </div>
  );
}

/** Only favourites are shown and none match: none at all yet, or none in the chosen category. */
function EmptyFavorites({ anyFavorites }: { anyFavorites: boolean }) {
  return (
    <div className="card flex flex-col items-center gap-2 p-8 text-center">
      <HeartIcon className="size-8 text-muted-foreground" />
      <h3 className="text-lg font-bold">{anyFavorites ? INSPIRATION_TEXTS.noFavoritesInCategory : INSPIRATION_TEXTS.noFavorites}</h3>
      <p className="text-muted-foreground">{anyFavorites ? INSPIRATION_TEXTS.noFavoritesInCategoryHint : INSPIRATION_TEXTS.noFavoritesHint}</p>
    </div>
  );
}
