import { accountRouter } from "../routers/account";
import { pregnancyRouter } from "../routers/pregnancy";
import { router } from "./init";

export const appRouter = router({
  account: accountRouter,
  pregnancy: pregnancyRouter,
});

export type AppRouter = typeof appRouter;
