import { useEffect } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deviceLabelOf, PUSH_TOPICS, type PushTopic, type PushTopicSwitches } from "../../domain/push";
import { currentPushSubscription, hasServiceWorker, pushSupport, rememberDevicePush, ServiceWorkerNotReadyError, subscribeThisDevice, unsubscribeThisDevice } from "../../lib/devicePush";
import { PUSH_TOPIC_LABELS } from "../../lib/labels";
import { serverErrorText } from "../../lib/serverError";
import { useTRPC } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Switch } from "../../ui/fields";
import { LoadFailed, SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { toast } from "../../ui/toast";
import { SETTINGS_MESSAGES } from "./messages";

/** This browser's own push state: its service worker, its subscription and the notification permission. */
const DEVICE_QUERY_KEY = ["device-push"] as const;

async function readDevice() {
  const [worker, subscription] = await Promise.all([hasServiceWorker(), currentPushSubscription()]);
  return { worker, endpoint: subscription?.endpoint ?? null, permission: Notification.permission };
}

const errorText = (error: unknown) => (error instanceof ServiceWorkerNotReadyError ? SETTINGS_MESSAGES.devicePushNotReady : serverErrorText(error));

/**
 * "Notifications on this device": pushes for the moments that matter, per device (this browser),
 * with a switch per kind. The browser's subscription and the server's row are kept together:
 * turning on makes both, turning off drops both.
 */
export function DevicePushSection() {
  const support = pushSupport();
  return (
    <SettingsSection id="device-notifications" title="Notifications on this device" description="Get an alert on this device for the moments that matter, even when BabySteps is closed.">
      {support === "install-to-home-screen" ? (
        <Alert variant="info" title="Add BabySteps to your Home Screen">
          On iPhone and iPad, alerts reach BabySteps only once it is on your Home Screen: tap the Share button, choose Add to Home Screen, then open BabySteps from there and turn notifications on here.
        </Alert>
      ) : support === "unsupported" ? (
        <Alert variant="info" title="Not available in this browser">
          This browser cannot show notifications from BabySteps. A current version of Chrome, Edge, Firefox or Safari can.
        </Alert>
      ) : (
        <DevicePush />
      )}
    </SettingsSection>
  );
}

function DevicePush() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const device = useQuery({ queryKey: DEVICE_QUERY_KEY, queryFn: readDevice });
  const publicKey = useQuery(trpc.push.publicKey.queryOptions());
  const endpoint = device.data?.endpoint ?? null;
  const serverDevice = useQuery(trpc.push.device.queryOptions({ endpoint: endpoint ?? "" }, { enabled: endpoint !== null }));
  const serverKey = trpc.push.device.queryKey({ endpoint: endpoint ?? "" });
  const { session } = useRouteContext({ from: "/_authenticated" });
  const userId = session.user.id;
  const known = serverDevice.data;
  const settled = device.isSuccess && (endpoint === null || serverDevice.isSuccess);
  // The waiting room alerts a hidden tab itself unless this device gets direct messages as pushes.
  useEffect(() => {
    if (settled) rememberDevicePush(endpoint && known ? { userId, endpoint, directMessages: known.directMessages } : null);
  }, [settled, endpoint, known, userId]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: DEVICE_QUERY_KEY });
    await queryClient.invalidateQueries(trpc.push.device.pathFilter());
  };

  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions());
  const turnOn = useMutation({
    mutationFn: async (key: string) => {
      if ((await Notification.requestPermission()) !== "granted") return false;
      const subscription = await subscribeThisDevice(key);
      await subscribe.mutateAsync({ ...subscription, deviceLabel: deviceLabelOf(navigator.userAgent) });
      return true;
    },
    onSuccess: (turnedOn) => {
      if (turnedOn) toast({ title: SETTINGS_MESSAGES.devicePushOn, variant: "success" });
    },
    onError: (error) => toast({ title: SETTINGS_MESSAGES.devicePushFailed, description: errorText(error), variant: "error" }),
    onSettled: refresh,
  });
  const turnOff = useMutation({
    mutationFn: async (target: string) => {
      await unsubscribe.mutateAsync({ endpoint: target });
      await unsubscribeThisDevice();
    },
    onSuccess: () => toast({ title: SETTINGS_MESSAGES.devicePushOff, variant: "success" }),
    onError: (error) => toast({ title: SETTINGS_MESSAGES.devicePushOffFailed, description: errorText(error), variant: "error" }),
    onSettled: refresh,
  });
  const setTopics = useMutation(
    trpc.push.setTopics.mutationOptions({
      onMutate: async (next) => {
        await queryClient.cancelQueries({ queryKey: serverKey });
        const previous = queryClient.getQueryData(serverKey);
        if (previous) queryClient.setQueryData(serverKey, { ...previous, ...next });
        return { previous };
      },
      onError: (error, _next, context) => {
        if (context?.previous) queryClient.setQueryData(serverKey, context.previous);
        toast({ title: SETTINGS_MESSAGES.devicePushTopicsFailed, description: serverErrorText(error), variant: "error" });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: serverKey }),
    }),
  );

  if (device.isPending || publicKey.isPending || (endpoint !== null && serverDevice.isPending)) return <SectionLoading label="Checking notifications on this device..." />;
  if (device.isError || publicKey.isError || serverDevice.isError) {
    return <LoadFailed title={SETTINGS_MESSAGES.loadDevicePushFailed} onRetry={() => void Promise.all([device.refetch(), publicKey.refetch(), serverDevice.refetch()])} busy={device.isFetching || publicKey.isFetching || serverDevice.isFetching} />;
  }
  const key = publicKey.data.publicKey;
  if (!key) {
    return (
      <Alert variant="info" title="Not available right now">
        Notifications on devices are not set up on this server.
      </Alert>
    );
  }
  if (!device.data.worker) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert variant="info" title="Almost ready">
          BabySteps is still getting ready to run on this device. Reload the page in a moment to turn notifications on.
        </Alert>
        <Button variant="secondary" size="sm" onClick={() => void device.refetch()} loading={device.isFetching}>
          Check again
        </Button>
      </div>
    );
  }
  if (device.data.permission === "denied") {
    return (
      <Alert variant="warning" title={SETTINGS_MESSAGES.devicePushDenied}>
        This browser blocks notifications from BabySteps. To allow them, open the site settings for BabySteps (the icon beside the address bar, or your browser&apos;s settings for this site), set Notifications to Allow, then reload this page.
      </Alert>
    );
  }

  const switches = serverDevice.data;
  if (endpoint === null || !switches) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-muted-foreground">Notifications are off on this device. Your browser will ask you to allow them.</p>
        <Button onClick={() => turnOn.mutate(key)} loading={turnOn.isPending}>
          Turn on notifications for this device
        </Button>
      </div>
    );
  }

  const toggle = (current: PushTopicSwitches, topic: PushTopic, checked: boolean) => setTopics.mutate({ endpoint, ...current, [topic]: checked });
  const current: PushTopicSwitches = { waitingRoom: switches.waitingRoom, directMessages: switches.directMessages, eventInvitations: switches.eventInvitations };
  return (
    <>
      <div className="flex flex-col divide-y divide-border">
        {PUSH_TOPICS.map((topic) => (
          <Switch key={topic} label={PUSH_TOPIC_LABELS[topic].label} hint={PUSH_TOPIC_LABELS[topic].hint} checked={current[topic]} onCheckedChange={(checked) => toggle(current, topic, checked)} />
        ))}
      </div>
      <div>
        <Button variant="secondary" onClick={() => turnOff.mutate(endpoint)} loading={turnOff.isPending}>
          Turn off notifications on this device
        </Button>
      </div>
    </>
  );
}
