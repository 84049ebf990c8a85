import { useQuery, useQueryClient } from "@tanstack/react-query";
import { birthsSoFar, type BirthsSoFar } from "../../domain/waitingRoom";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import { Link } from "@tanstack/react-router";
import { clsx } from "clsx";
import type { UserMode } from "../../domain/enums";
import { PICTURE_LINK_REFRESH_MS } from "../../domain/pictureLinks";
import { usePregnancyFeed } from "../../lib/pregnancyFeed";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { buttonStyles } from "../../ui/buttonStyles";
import { dateFormat, formatDateOnly } from "../../lib/format";
import { RsvpButtons } from "../calendar/RsvpButtons";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { useRsvp } from "../calendar/useCalendar";
import { PostsFeed } from "../posts/PostsFeed";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { AlbumThumbnail } from "../../ui/AlbumMedia";
import { SkeletonCard } from "../../ui/Skeleton";
import type { PregnancyAccessInfo } from "../pregnancy-context/currentPregnancy";
import { LoadError } from "../../ui/LoadError";
import { PREGNANCY_TOASTS } from "../../domain/pregnancy";
import { DASHBOARD_LATEST_POSTS } from "../../domain/dashboard";
import { PHOTO_THUMBNAIL_MAX_PX } from "../../domain/photos";

const timeOnly = dateFormat({ timeStyle: "short" });
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

type ActionPath = "/calendar" | "/photos" | "/posts" | "/waiting-room";

/** A link styled as a small button; in guest mode it keeps the selected pregnancy (`preg`). */
function ActionLink({ to, search, children }: { to: ActionPath; search: { preg?: string }; children: string }) {
  return (
    <Link to={to} search={search} className={buttonStyles({ variant: "secondary", size: "sm" })}>
      {children}
    </Link>
  );
}

interface SummaryProps {
  pregnancyId: string;
  mode: UserMode;
  isParent: boolean;
  permissions: PregnancyAccessInfo["permissions"] | null;
  /** Search params that keep a guest's pregnancy on links. */
  search: { preg?: string };
}

/** Upcoming events, the waiting room, the latest posts (live) and photos, as the server lets this viewer see them. */
export function SummarySections({ pregnancyId, mode, isParent, permissions, search }: SummaryProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Read again while open: the latest photos' signed links must not run out.
  const summary = useQuery(trpc.dashboard.summary.queryOptions({ pregnancyId, mode }, { refetchInterval: PICTURE_LINK_REFRESH_MS }));
  // After the service end nothing can be added or answered: no invitations to do so.
  const readOnly = usePregnancyReadOnly();
  const mayAdd = isParent && !readOnly;
  // Events and answers change elsewhere (the parents' calendar, other guests): reload like the calendar does.
  usePregnancyFeed(pregnancyId, "calendar", () => void queryClient.invalidateQueries(trpc.dashboard.summary.pathFilter()));
  // A new photo's copies arrive after its upload: the latest photos swap their placeholder for it.
  usePregnancyFeed(pregnancyId, "photos", () => void queryClient.invalidateQueries(trpc.dashboard.summary.pathFilter()));

  if (summary.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
        <span role="status" className="sr-only">
          Loading updates...
        </span>
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <LoadError title={PREGNANCY_TOASTS.loadPregnancyFailed} onRetry={() => void summary.refetch()} busy={summary.isFetching}>
        Events and photos could not be loaded.
      </LoadError>
    );
  }

  const { upcomingEvents, latestPhotos, waitingRoom, babies, endedInLoss } = summary.data;
  const canContributePhotos = isParent || Boolean(permissions?.canUploadPhotos || permissions?.canContributePhotos);
  const canSeeEvents = isParent || Boolean(permissions?.canViewCalendarEvents);
  const canUseWaitingRoom = isParent || Boolean(permissions?.canAccessWaitingRoom);

  return (
    <div className="grid gap-4 md:grid-cols-2 md:items-start">
      <Card title="Upcoming events" action={isParent && upcomingEvents.length > 0 ? <ActionLink to="/calendar" search={search}>Open calendar</ActionLink> : undefined}>
        {upcomingEvents.length === 0 ? (
          <EmptyState action={mayAdd ? <ActionLink to="/calendar" search={search}>Add an event</ActionLink> : undefined}>
            {isParent
              ? endedInLoss
                ? "Nothing planned."
                : "Nothing planned yet. Add appointments, scans and celebrations to keep everyone in the loop."
              : canSeeEvents
                ? "No upcoming events yet. When the parents share plans, they will show up here."
                : "The parents' events are not shared with you."}
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-2">
            {upcomingEvents.map((event) => (
              <UpcomingEvent key={event.id} event={event} scope={{ pregnancyId, mode }} search={search} mayAnswer={!readOnly} />
            ))}
          </ul>
        )}
      </Card>

      {!endedInLoss && <WaitingRoomCard waitingRoom={waitingRoom} births={birthsSoFar(babies.map((baby) => baby.bornAnnouncedAt !== null))} isParent={isParent} readOnly={readOnly} canUseWaitingRoom={canUseWaitingRoom} search={search} />}

      {/* From 768 px the posts take the left column (they bring their discussions); the other cards fill the right one. */}
      <div className="md:col-start-1 md:row-span-3 md:row-start-1">
        <Card title="Latest updates" action={<ActionLink to="/posts" search={search}>See all updates</ActionLink>}>
          <PostsFeed
            scope={{ pregnancyId, mode }}
            limit={DASHBOARD_LATEST_POSTS}
            paged={false}
            empty={
              <EmptyState action={mayAdd ? <ActionLink to="/posts" search={search}>Share an update</ActionLink> : undefined}>
                {isParent ? "No updates yet. News you share with your family will appear here." : "No updates yet. Check back soon for news from the parents."}
              </EmptyState>
            }
          />
        </Card>
      </div>

      <Card title="Latest photos" action={latestPhotos.length > 0 ? <ActionLink to="/photos" search={search}>Open album</ActionLink> : undefined}>
        {latestPhotos.length === 0 ? (
          <EmptyState action={canContributePhotos && !readOnly ? <ActionLink to="/photos" search={search}>{isParent ? "Add photos" : "Share a photo"}</ActionLink> : undefined}>
            {/* After a loss no bump or nursery is suggested (issue 38). */}
            {isParent ? (endedInLoss ? "No photos yet." : "No photos yet. Bump pictures, scans and nursery progress will show up here.") : "No photos yet. Photos the parents share will appear here."}
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-3 gap-2">
            {latestPhotos.map((photo) => (
              <li key={photo.id}>
                <Link to="/photos" search={search} className="block overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
                  <AlbumThumbnail item={photo} alt={photo.altText || photo.title || "Photo"} className="aspect-square w-full" imgProps={{ width: PHOTO_THUMBNAIL_MAX_PX, height: PHOTO_THUMBNAIL_MAX_PX, loading: "lazy", decoding: "async" }} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

type WaitingRoom = { isActive: boolean; isFalseAlarm: boolean; isBabyHere: boolean; scheduledCloseAt: Date | string | null } | null;

function WaitingRoomCard({ waitingRoom, births, isParent, readOnly, canUseWaitingRoom, search }: { waitingRoom: WaitingRoom; births: BirthsSoFar; isParent: boolean; readOnly: boolean; canUseWaitingRoom: boolean; search: { preg?: string } }) {
  const open = waitingRoom?.isActive ?? false;
  const closesAt = waitingRoom?.scheduledCloseAt ? timeOnly.format(toDate(waitingRoom.scheduledCloseAt)) : null;
  let status: string;
  if (!open && (readOnly || births === "all")) status = "The waiting room is closed: its messages stay here to read.";
  else if (!open && births === "some") status = isParent ? "The waiting room is closed. Open it again when the next baby is on the way." : "The waiting room opens again when the next baby is on the way.";
  else if (!open) status = isParent ? "The waiting room is closed. Open it when you head to the hospital, and family can wait with you." : "The waiting room opens when the big day arrives.";
  else if (waitingRoom?.isBabyHere) status = closesAt ? `The baby is here! The waiting room closes at ${closesAt}.` : "The baby is here!";
  else if (waitingRoom?.isFalseAlarm) status = closesAt ? `False alarm. The waiting room closes at ${closesAt}.` : "False alarm.";
  else if (births === "some") status = "The waiting room is open: the parents are back for the next baby.";
  else if (births === "all") status = "The waiting room is open again.";
  else status = "The waiting room is open: the family is heading to the hospital!";

  return (
    <Card title="Waiting room" tone={open ? "border-primary bg-primary-soft" : undefined}>
      <p className="flex items-center gap-2">
        <span aria-hidden="true" className={clsx("size-2.5 shrink-0 rounded-full", open ? "bg-success" : "bg-muted-foreground/50")} />
        <span className="font-semibold">{open ? "Open" : "Closed"}</span>
      </p>
      <p className="text-muted-foreground">{status}</p>
      {canUseWaitingRoom && (
        <div>
          <ActionLink to="/waiting-room" search={search}>{open ? "Join the waiting room" : "Go to the waiting room"}</ActionLink>
        </div>
      )}
    </Card>
  );
}

type UpcomingEventRow = RouterOutputs["dashboard"]["summary"]["upcomingEvents"][number];

/** An upcoming event linking to its page; an invitee answers right here. */
function UpcomingEvent({ event, scope, search, mayAnswer }: { event: UpcomingEventRow; scope: { pregnancyId: string; mode: UserMode }; search: { preg?: string }; mayAnswer: boolean }) {
  const rsvp = useRsvp(scope);
  const { eventTime } = useFamilyTime();
  const time = event.time ? eventTime(event.date, event.time) : null;
  return (
    <li className="flex flex-col gap-2 rounded-xl bg-muted px-4 py-3">
      <div>
        <Link to="/events/$eventId" params={{ eventId: event.id }} search={search} className="font-semibold break-words hover:underline">
          {event.title}
        </Link>
        <p className="text-sm text-muted-foreground">
          {formatDateOnly(event.date)}
          {time && `, ${time}`}
          {event.location && ` · ${event.location}`}
        </p>
      </div>
      {event.myRsvp && mayAnswer && (
        <RsvpButtons
          size="sm"
          label={`Your answer for ${event.title}`}
          status={event.myRsvp}
          pending={rsvp.pending?.status}
          onAnswer={(status) => void rsvp.answer(event.id, status).catch(() => undefined)}
        />
      )}
    </li>
  );
}
