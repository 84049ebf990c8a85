/**
 * Imported first by the app's entry, before any schema is built: zod's fast path compiles parsers
 * with `new Function`, and merely probing for it is a violation of our Content-Security-Policy
 * (script-src without 'unsafe-eval'). The plain parsers are used instead.
 */
import { z } from "zod";

z.config({ jitless: true });
