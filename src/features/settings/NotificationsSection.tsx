import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreference, NotificationPreferences } from "../../domain/enums";
import { notificationPreferencesFor } from "../../domain/notifications";
import { useAppMode } from "../pregnancy-context/useAppMode";
import { useTRPC } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import { Switch } from "../../ui/fields";
import { NOTIFICATION_LABELS } from "../../lib/labels";
import { SETTINGS_MESSAGES } from "./messages";
import { LoadFailed, SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { serverErrorText } from "../../lib/serverError";

/**
 * The switches for what can reach this person (a guest gets no parent-only mail), saved as soon as
 * they change: the switch flips at once (optimistic) and flips back, with a toast, if the server refuses.
 */
export function NotificationsSection() {
  const trpc = useTRPC();
  const shown = notificationPreferencesFor(useAppMode().hasParentCapability);
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.account.notificationPreferences.queryOptions());
  const queryKey = trpc.account.notificationPreferences.queryKey();
  const save = useMutation(
    trpc.account.setNotificationPreferences.mutationOptions({
      onMutate: async (next) => {
        await queryClient.cancelQueries({ queryKey });
        const previous = queryClient.getQueryData(queryKey);
        queryClient.setQueryData(queryKey, next);
        return { previous };
      },
      onError: (error, _next, context) => {
        if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
        toast({ title: SETTINGS_MESSAGES.notificationsFailed, description: serverErrorText(error), variant: "error" });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey }),
    }),
  );

  function toggle(current: NotificationPreferences, key: NotificationPreference, checked: boolean) {
    save.mutate({ ...current, [key]: checked });
  }

  return (
    <SettingsSection id="notifications" title="Notification preferences" description="Choose what we tell you about. Changes are saved straight away.">
      {preferences.isPending ? (
        <SectionLoading label="Loading notification preferences..." />
      ) : preferences.isError ? (
        <LoadFailed title={SETTINGS_MESSAGES.loadNotificationsFailed} onRetry={() => void preferences.refetch()} busy={preferences.isFetching} />
      ) : (
        <div className="flex flex-col divide-y divide-border">
          {shown.map((key) => (
            <Switch
              key={key}
              label={NOTIFICATION_LABELS[key].label}
              hint={NOTIFICATION_LABELS[key].hint}
              checked={preferences.data[key]}
              onCheckedChange={(checked) => toggle(preferences.data, key, checked)}
            />
          ))}
        </div>
      )}
    </SettingsSection>
  );
}
