import { createWorker } from "./app";

export { TrackedPregnancyRoom as PregnancyRoom } from "./app";

/** The production entry (wrangler.toml's main): it imports no dev code, so none is deployed. */
export default createWorker();
