/** wrangler and the Cloudflare Vite plugin bundle an imported .wasm file as a compiled module (Workers cannot compile one at run time). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
