import { PHOTO_THUMBNAIL_MAX_PX, PHOTO_THUMBNAIL_QUALITY } from "../../../domain/photos";

/**
 * A small JPEG of the photo for the album grid, made in the browser. Null when the browser cannot
 * decode the image (HEIC in most browsers): the Worker then makes one (worker/infra/imageCodecs.ts).
 */
export async function makeThumbnail(file: Blob): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_THUMBNAIL_MAX_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_THUMBNAIL_QUALITY));
  } catch {
    return null;
  }
}
