import { clsx } from "clsx";
import { PHOTO_PREPARING_TEXT } from "../domain/photos";

/**
 * Stands in for a photo whose display copy or thumbnail the server is still making (`copiesPending`):
 * no image to break, and a name a screen reader says. The feed's photos signal brings the picture.
 */
export function PreparingPhoto({ className }: { className?: string }) {
  return (
    <div role="img" aria-label={PHOTO_PREPARING_TEXT} className={clsx("flex animate-pulse items-center justify-center bg-muted p-2 text-center text-xs text-muted-foreground", className)}>
      {PHOTO_PREPARING_TEXT}
    </div>
  );
}
