import { useMutation, useQueryClient } from "@tanstack/react-query";
import { daysUntil, readOnlyUntil } from "../../domain/dates";
import { isLastServiceDay, SERVICE_END_MESSAGES, serviceEndHeading, serviceEndLines, serviceEndNoticeShows } from "../../domain/serviceEnd";
import { todayIn, zoneOrFallback } from "../../domain/timeZones";
import { formatDateOnly } from "../../lib/format";
import { DismissibleNotice } from "../../ui/DismissibleNotice";
import { useTRPC } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import type { ModeContext } from "../pregnancy-context/useAppMode";

type ServiceEndNotice = ModeContext["serviceEndNotices"][number];

/** A parent's notice that the service ends soon: what changes, until they dismiss it. */
function ServiceEndNoticeCard({ notice, today }: { notice: ServiceEndNotice; today: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(trpc.pregnancy.dismissServiceEndNotice.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.account.modeContext.queryFilter()) }));
  const facts = { title: notice.title, lastDay: formatDateOnly(notice.serviceEndDate), readOnlyUntil: formatDateOnly(readOnlyUntil(notice.serviceEndDate)), daysLeft: daysUntil(notice.serviceEndDate, today) };
  return (
    <DismissibleNotice
      heading={serviceEndHeading(facts.title, facts.daysLeft)}
      lines={serviceEndLines(facts)}
      dismiss={{ label: SERVICE_END_MESSAGES.dismiss, accessibleName: SERVICE_END_MESSAGES.dismissLabel(notice.title), onDismiss: () => dismiss.mutate({ noticeId: notice.id }), pending: dismiss.isPending }}
    />
  );
}

/** The parents' service-end notices (they come with the mode's read), each while its service lasts in the family's zone. */
export function ServiceEndNotices({ notices }: { notices: readonly ServiceEndNotice[] }) {
  const shown = notices.flatMap((notice) => {
    const today = todayIn(zoneOrFallback(notice.timeZone));
    return serviceEndNoticeShows(notice.serviceEndDate, today) ? [{ notice, today }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {shown.map(({ notice, today }) => (
        <ServiceEndNoticeCard key={notice.id} notice={notice} today={today} />
      ))}
    </div>
  );
}

/** A guest's short notice on the pregnancy's last day of service. */
export function GuestLastDayNotice({ title, serviceEndDate }: { title: string; serviceEndDate: string }) {
  const { today } = useFamilyTime();
  if (!isLastServiceDay(serviceEndDate, today)) return null;
  return <Alert variant="info">{SERVICE_END_MESSAGES.guestLastDay(title)}</Alert>;
}
