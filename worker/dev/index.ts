import { createWorker } from "../app";
import { mountDevRoutes } from "./routes";

export { TrackedPregnancyRoom as PregnancyRoom } from "../app";

/**
 * The entry for npm start, npm run dev and the tests: the production app plus the dev routes, which
 * still answer only when APP_ENV says development or test.
 */
export default createWorker(mountDevRoutes);
