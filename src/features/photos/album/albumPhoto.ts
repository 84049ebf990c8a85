import type { RouterOutputs } from "../../../lib/trpc";

/** One photo of the album as `photos.list` returns it: what the grid, the lightbox and a post's attachments show. */
export type AlbumPhoto = RouterOutputs["photos"]["list"]["items"][number];
