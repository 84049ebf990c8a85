import { createWorker } from "./app";

export { TrackedWaitingRoom as WaitingRoom } from "./app";

/** The production entry (wrangler.toml's main): it imports no dev code, so none is deployed. */
export default createWorker();
