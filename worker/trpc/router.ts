import { accountRouter } from "../routers/account";
import { babyGameRouter } from "../routers/babyGame";
import { billingRouter } from "../routers/billing";
import { calendarRouter } from "../routers/calendar";
import { contactsRouter } from "../routers/contacts";
import { dataExportRouter } from "../routers/dataExport";
import { dashboardRouter } from "../routers/dashboard";
import { giftCardsRouter } from "../routers/giftCards";
import { healthRecordsRouter } from "../routers/healthRecords";
import { healthTrackersRouter } from "../routers/healthTrackers";
import { inspirationRouter } from "../routers/inspiration";
import { invitationsRouter } from "../routers/invitations";
import { metricsRouter } from "../routers/metrics";
import { participantsRouter } from "../routers/participants";
import { partnersRouter } from "../routers/partners";
import { photosRouter } from "../routers/photos";
import { postsRouter } from "../routers/posts";
import { pregnancyRouter } from "../routers/pregnancy";
import { pregnancyLossRouter } from "../routers/pregnancyLoss";
import { pushRouter } from "../routers/push";
import { referralsRouter } from "../routers/referrals";
import { registryRouter } from "../routers/registry";
import { waitingRoomRouter } from "../routers/waitingRoom";
import { router } from "./init";

export const appRouter = router({
  account: accountRouter,
  babyGame: babyGameRouter,
  billing: billingRouter,
  calendar: calendarRouter,
  contacts: contactsRouter,
  dataExport: dataExportRouter,
  dashboard: dashboardRouter,
  giftCards: giftCardsRouter,
  healthRecords: healthRecordsRouter,
  healthTrackers: healthTrackersRouter,
  inspiration: inspirationRouter,
  invitations: invitationsRouter,
  metrics: metricsRouter,
  participants: participantsRouter,
  partners: partnersRouter,
  photos: photosRouter,
  posts: postsRouter,
  pregnancy: pregnancyRouter,
  pregnancyLoss: pregnancyLossRouter,
  push: pushRouter,
  referrals: referralsRouter,
  registry: registryRouter,
  waitingRoom: waitingRoomRouter,
});

export type AppRouter = typeof appRouter;
