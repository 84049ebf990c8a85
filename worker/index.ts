import { createWorker } from "./app";

export { WaitingRoom } from "../party/waitingRoom";

/** The production entry (wrangler.toml's main): it imports no dev code, so none is deployed. */
export default createWorker();
