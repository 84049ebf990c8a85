import { createFileRoute } from "@tanstack/react-router";
import { PhotosPage } from "../../features/photos/PhotosPage";
import { validatePhotosSearch } from "../../features/photos/search";

/** /photos: the album and the inspiration gallery, the open tab kept in `?tab`. */
export const Route = createFileRoute("/_authenticated/photos")({
  validateSearch: validatePhotosSearch,
  component: PhotosPage,
});
