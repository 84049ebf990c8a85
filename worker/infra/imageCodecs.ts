/**
 * Pictures the Worker makes from an upload: a JPEG display copy and a JPEG thumbnail of a
 * HEIC/HEIF, which Chrome, Firefox and Edge cannot show, and a JPEG thumbnail of a large JPEG, PNG
 * or WebP that came without one. libheif (libheif-js, WebAssembly) decodes to YCbCr planes, read
 * in place and scaled down row by row (src/domain/downscale.ts), so the full-size picture exists
 * once, in libheif's memory; jSquash's decoders give RGBA; MozJPEG (jSquash) encodes. Each picture
 * gets fresh codec instances, whose memory goes with them. Costs measured in README ("Photos every
 * browser shows").
 */
import { downscaleRgba, downscaleYCbCr, fitWithin, orientRgba, type Plane, type YCbCrPlanes } from "../../src/domain/downscale";
import { jpegOrientation, pictureSize } from "../../src/domain/pictureSize";
// Type only: the codecs themselves load when a picture needs them.
import type { newLibheif } from "./codecModules";
import {
  PHOTO_DECODE_MAX_PIXELS,
  PHOTO_DISPLAY_MAX_PX,
  PHOTO_DISPLAY_QUALITY,
  PHOTO_RGBA_DECODE_MAX_PIXELS,
  PHOTO_THUMBNAIL_MAX_PX,
  PHOTO_THUMBNAIL_QUALITY,
} from "../../src/domain/photos";

export interface DisplayImages {
  /** JPEG, longest side at most PHOTO_DISPLAY_MAX_PX: made of a HEIC/HEIF only. */
  display: Uint8Array | null;
  /** JPEG, longest side at most PHOTO_THUMBNAIL_MAX_PX; none when the browser sent one. */
  thumbnail: Uint8Array | null;
}

/**
 * Why no pictures were made: small enough to be its own thumbnail, larger than the decode limit,
 * or the codec could not decode it.
 */
export type NoDisplayImages = "small" | "too-large" | "undecodable";

/** A fresh MozJPEG encoder: RGBA pixels to a JPEG at a quality of 0-1. */
async function jpegEncoder() {
  const { newJpegEncoder, jpegDefaults } = await import("./codecModules");
  const encoder = await newJpegEncoder();
  return (pixels: Uint8ClampedArray, width: number, height: number, quality: number) => encoder.encode(pixels, width, height, { ...jpegDefaults, quality: Math.round(quality * 100) });
}

const rgbaPlane = (data: ArrayLike<number>, width: number, height: number): Plane => ({ data, width, height, stride: width * 4, channels: 4, maxSample: 255 });

type Libheif = ReturnType<typeof newLibheif>;

/** The parts of libheif's heif_js_decode_image2 answer that are read (its binding is untyped). */
interface DecodedChannel {
  id: number | { value: number };
  width: number;
  height: number;
  stride: number;
  bits_per_pixel: number;
  data: Uint8Array;
}
interface Decoded {
  code?: number;
  image: number;
  channels: DecodedChannel[];
}
interface Handle {
  code?: number;
}

const HEIF_OK = 0;
const BITS_PER_BYTE = 8;
/** H.273 matrix_coefficients 6 (BT.601), full range: libheif's own default. */
const DEFAULT_COLOUR = { matrixCoefficients: 6, fullRange: true };
/** struct heif_error is 12 bytes, returned through a pointer; heif_color_profile_nclx's matrix_coefficients sits at byte 12, full_range_flag at 16. */
const HEIF_ERROR_BYTES = 12;
const POINTER_BYTES = 4;
const NCLX_MATRIX_OFFSET = 12;
const NCLX_FULL_RANGE_OFFSET = 16;

const channelId = (channel: DecodedChannel) => (typeof channel.id === "number" ? channel.id : channel.id.value);

/** The decoded picture's YCbCr matrix and range (its nclx profile), which the RGB conversion needs. */
function colourOf(lib: Libheif, image: number) {
  const error = lib._malloc(HEIF_ERROR_BYTES);
  const out = lib._malloc(POINTER_BYTES);
  try {
    lib._heif_image_get_nclx_color_profile(error, image, out);
    if (lib.HEAP32[error / POINTER_BYTES] !== HEIF_OK) return DEFAULT_COLOUR;
    const profile = lib.HEAPU32[out / POINTER_BYTES] as number;
    const colour = { matrixCoefficients: lib.HEAP32[(profile + NCLX_MATRIX_OFFSET) / POINTER_BYTES] as number, fullRange: lib.HEAPU8[profile + NCLX_FULL_RANGE_OFFSET] !== 0 };
    lib._heif_nclx_color_profile_free(profile);
    return colour;
  } finally {
    lib._free(error);
    lib._free(out);
  }
}

/** A channel read in place: 8-bit samples as bytes, deeper ones as 16-bit words. */
function planeOf(channel: DecodedChannel): Plane {
  const { data, width, height, stride, bits_per_pixel: bits } = channel;
  const wide = bits > BITS_PER_BYTE;
  const samples = wide ? new Uint16Array(data.buffer, data.byteOffset, data.byteLength / 2) : data;
  return { data: samples, width, height, stride: wide ? stride / 2 : stride, channels: 1, maxSample: 2 ** bits - 1 };
}

/** libheif's primary picture as display-size RGBA, or why not. */
async function decodeHeif(bytes: Uint8Array): Promise<{ rgba: Uint8ClampedArray; width: number; height: number } | NoDisplayImages> {
  const { newLibheif } = await import("./codecModules");
  const lib = newLibheif();
  const context = lib.heif_context_alloc();
  let handle: Handle | null = null;
  try {
    if (lib.heif_context_read_from_memory(context, bytes).code !== lib.heif_error_code.heif_error_Ok) return "undecodable";
    handle = lib.heif_js_context_get_primary_image_handle(context) as Handle;
    if (!handle || handle.code !== undefined) return "undecodable";
    const imageHandle = handle as Parameters<Libheif["heif_image_handle_get_width"]>[0];
    if (lib.heif_image_handle_get_width(imageHandle) * lib.heif_image_handle_get_height(imageHandle) > PHOTO_DECODE_MAX_PIXELS) return "too-large";
    const decoded = (await lib.heif_js_decode_image2(imageHandle, lib.heif_colorspace.heif_colorspace_YCbCr, lib.heif_chroma.heif_chroma_420)) as Decoded;
    if (!decoded?.channels || decoded.code !== undefined) return "undecodable";
    try {
      const channel = (id: number) => decoded.channels.find((c) => channelId(c) === id);
      const y = channel(lib.heif_channel.heif_channel_Y.value);
      if (!y) return "undecodable";
      const cb = channel(lib.heif_channel.heif_channel_Cb.value);
      const cr = channel(lib.heif_channel.heif_channel_Cr.value);
      const planes: YCbCrPlanes = { y: planeOf(y), cb: cb ? planeOf(cb) : null, cr: cr ? planeOf(cr) : null, ...colourOf(lib, decoded.image) };
      const size = fitWithin(y.width, y.height, PHOTO_DISPLAY_MAX_PX);
      return { rgba: downscaleYCbCr(planes, size.width, size.height), ...size };
    } finally {
      lib.heif_image_release(decoded.image as unknown as Parameters<Libheif["heif_image_release"]>[0]);
    }
  } finally {
    if (handle && handle.code === undefined) lib.heif_image_handle_release(handle as Parameters<Libheif["heif_image_handle_release"]>[0]);
    lib.heif_context_free(context);
  }
}

/**
 * A HEIC/HEIF's display copy and, with `withThumbnail`, its thumbnail (JPEG, upright: libheif
 * applies the picture's rotation and mirroring), or why there are none: the original is kept
 * and served for download either way.
 */
export async function heifDisplayImages(bytes: Uint8Array, withThumbnail: boolean): Promise<DisplayImages | NoDisplayImages> {
  const picture = await decodeHeif(bytes);
  if (typeof picture === "string") return picture;
  const { rgba, width, height } = picture;
  const jpeg = await jpegEncoder();
  const display = jpeg(rgba, width, height, PHOTO_DISPLAY_QUALITY);
  if (!withThumbnail) return { display, thumbnail: null };
  const small = fitWithin(width, height, PHOTO_THUMBNAIL_MAX_PX);
  const thumbnail = downscaleRgba(rgbaPlane(rgba, width, height), small.width, small.height);
  return { display, thumbnail: jpeg(thumbnail, small.width, small.height, PHOTO_THUMBNAIL_QUALITY) };
}

/** Whether a JPEG or WebP needs a thumbnail made and can have one, read from its header alone (no decoding). */
export function thumbnailWanted(bytes: Uint8Array, kind: "jpeg" | "webp"): true | NoDisplayImages {
  const size = pictureSize(bytes, kind);
  if (!size) return "undecodable";
  if (Math.max(size.width, size.height) <= PHOTO_THUMBNAIL_MAX_PX) return "small";
  return size.width * size.height > PHOTO_RGBA_DECODE_MAX_PIXELS ? "too-large" : true;
}

/**
 * The thumbnail of a JPEG, PNG or WebP that came without one (JPEG, a JPEG's turned upright as
 * its Exif orientation says), or why there is none: a picture no larger than a thumbnail serves
 * as its own, and one past PHOTO_RGBA_DECODE_MAX_PIXELS is not decoded (RGBA, held twice).
 */
export async function pictureThumbnail(bytes: Uint8Array, kind: "jpeg" | "webp"): Promise<DisplayImages | NoDisplayImages> {
  const wanted = thumbnailWanted(bytes, kind);
  if (wanted !== true) return wanted;
  const { rgbaDecoders } = await import("./codecModules");
  const picture = (await rgbaDecoders[kind]())(bytes);
  if (!picture) return "undecodable";
  const small = fitWithin(picture.width, picture.height, PHOTO_THUMBNAIL_MAX_PX);
  const pixels = downscaleRgba(rgbaPlane(picture.data, picture.width, picture.height), small.width, small.height);
  const upright = orientRgba(pixels, small.width, small.height, kind === "jpeg" ? jpegOrientation(bytes) : 1);
  const jpeg = await jpegEncoder();
  return { display: null, thumbnail: jpeg(upright.rgba, upright.width, upright.height, PHOTO_THUMBNAIL_QUALITY) };
}
