/**
 * The codecs' WebAssembly, imported as compiled modules (a Worker may not compile WebAssembly from
 * bytes), and their emscripten factories. Loaded lazily by imageCodecs.ts: only an upload that
 * needs a picture decoded pays for evaluating this glue.
 */
import libheif from "libheif-js/libheif-wasm/libheif.js";
import libheifWasm from "libheif-js/libheif-wasm/libheif.wasm";
import mozjpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.js";
import mozjpegDecoderWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import mozjpegEncoder from "@jsquash/jpeg/codec/enc/mozjpeg_enc.js";
import mozjpegEncoderWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import { defaultOptions as jpegDefaults } from "@jsquash/jpeg/meta.js";
import webpDecoder from "@jsquash/webp/codec/dec/webp_dec.js";
import webpDecoderWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";

type Instantiate = (imports: WebAssembly.Imports, ready: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports;

/** Emscripten's hook for bringing its own module: instantiated synchronously from the compiled module. */
const from =
  (module: WebAssembly.Module): Instantiate =>
  (imports, ready) => {
    const instance = new WebAssembly.Instance(module, imports);
    ready(instance);
    return instance.exports;
  };

/**
 * A fresh libheif for one picture: its memory (tens of MB for a phone photo) goes with it instead
 * of staying with the isolate. libheif's glue takes workerd (whose nodejs_compat sets
 * process.versions.node) for Node and reads `__dirname`, which a module Worker lacks; the path is
 * never used, as the module comes from instantiateWasm.
 */
export function newLibheif() {
  const scope = globalThis as { __dirname?: string };
  scope.__dirname ??= "/";
  return libheif({ instantiateWasm: from(libheifWasm) });
}

/** A fresh MozJPEG encoder (jSquash's build) for one picture, for the same reason. */
export const newJpegEncoder = () => mozjpegEncoder({ noInitialRun: true, instantiateWasm: from(mozjpegEncoderWasm) });

/** A decoded picture: RGBA, 8 bits a sample (ImageData's shape; the glue defines ImageData where the runtime has none). */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * A fresh decoder of JPEG or WebP to RGBA, null when the picture does not decode. (jSquash's PNG
 * decoder is built with wasm-bindgen, one instance per isolate whose memory would stay at the
 * largest picture it ever decoded: a PNG without a browser-made thumbnail serves as its own.)
 */
export const rgbaDecoders: Readonly<Record<"jpeg" | "webp", () => Promise<(bytes: Uint8Array) => Rgba | null>>> = {
  jpeg: async () => {
    const module = await mozjpegDecoder({ noInitialRun: true, instantiateWasm: from(mozjpegDecoderWasm) });
    // Turned upright afterwards, on the thumbnail: turning the full-size picture in the decoder would hold it three times over.
    return (bytes) => module.decode(bytes, false);
  },
  webp: async () => {
    const module = await webpDecoder({ noInitialRun: true, instantiateWasm: from(webpDecoderWasm) });
    return (bytes) => module.decode(bytes);
  },
};

export { jpegDefaults };
