/**
 * Imported first by the app's and /auth's entries, in zod's own chunk (vite.config.ts), before any
 * schema is built: zod's fast path compiles parsers with `new Function`, and merely probing for it
 * is a violation of our Content-Security-Policy (script-src without 'unsafe-eval'). The plain
 * parsers are used instead. Only `config` is imported, so nothing else of zod is pulled in.
 */
import { config } from "zod";

config({ jitless: true });
