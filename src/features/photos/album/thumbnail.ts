
/** Ours: the album grid's thumbnails, made in the browser: longest side and JPEG quality. */
export const PHOTO_THUMBNAIL_MAX_PX = 480;

export const PHOTO_THUMBNAIL_QUALITY = 0.8;

/**
 * A small JPEG of the photo for the album grid, made in the browser. Null when the browser cannot
 * decode the image (HEIC in most browsers): the original then serves as its own thumbnail.
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
