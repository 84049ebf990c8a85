import { exifWithGps, jpegComment, xmpWithGps, type PhoneMetadata } from "../../scripts/images/exif";
import { encodeJpeg } from "../../scripts/images/jpeg";
import { encodePng } from "../../scripts/images/png";
import { createRaster, paintDisc, paintGradient, scaleDown, type Raster } from "../../scripts/images/raster";

/** A real 1x1 PNG, for upload tests. */
export const PNG_1X1 = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));

/** Where the test phone says its pictures were taken (Westminster). */
export const TEST_POSITION = { latitude: 51.5007, longitude: -0.1246 } as const;
/** Written into the test JPEG's comment segment, so a test can look for it in what was stored. */
export const TEST_COMMENT = "taken at home, 12 Acacia Avenue";

/** A small picture: a soft gradient with a disc, like the demo photos. */
export function testPicture(width = 96, height = 64): Raster {
  const raster = createRaster(width, height);
  paintGradient(raster, [250, 205, 215], [185, 210, 250]);
  paintDisc(raster, width / 2, height / 2, Math.min(width, height) / 3, [255, 240, 200]);
  return raster;
}

/** A JPEG as a phone writes it: Exif with camera, time and GPS position, XMP with the position, and a comment. */
export const jpegWithGps = (meta: Partial<PhoneMetadata> = {}, picture = testPicture()) =>
  encodeJpeg(picture, 85, [exifWithGps({ ...TEST_POSITION, ...meta }), xmpWithGps(TEST_POSITION), jpegComment(TEST_COMMENT)]);

export const testPng = (picture = testPicture()) => encodePng(picture);

/** A thumbnail of the test picture, as a browser would make it before uploading. */
export const testThumbnail = (picture = testPicture()) => encodeJpeg(scaleDown(picture, 32), 80);
