import { createFileRoute } from "@tanstack/react-router";
import { PhotosPage } from "../../features/photos/PhotosPage";
import { photosReads } from "../../features/photos/photosReads";
import { validatePhotosSearch } from "../../features/photos/search";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";

/** /photos: the album and the inspiration gallery, the open tab kept in `?tab`. */
export const Route = createFileRoute("/_authenticated/photos")({
  validateSearch: validatePhotosSearch,
  loader: screenLoader(photosReads),
  component: PhotosPage,
});
