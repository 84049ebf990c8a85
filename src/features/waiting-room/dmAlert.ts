/**
 * An incoming direct message while the tab is hidden gets a browser notification and a short beep,
 * once the user has allowed notifications (core spec 7). Nothing happens while the tab is in view:
 * the message list itself shows it. A device whose push subscription lets direct messages through
 * gets the message's push instead, so it is not told twice.
 */
import { dmPreview } from "../../domain/messaging";
import { directMessagesArriveAsPush } from "../../lib/devicePush";
import { MS_PER_SECOND } from "../../domain/units";

/** Ours: the short beep for a direct message that arrives while the tab is hidden. */
export const DM_BEEP_FREQUENCY_HZ = 880;

export const DM_BEEP_DURATION_MS = 150;

export const DM_BEEP_VOLUME = 0.1;

export const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

export function shouldAlert(visibility: DocumentVisibilityState, permission: NotificationPermission | null): boolean {
  return visibility === "hidden" && permission === "granted";
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = DM_BEEP_FREQUENCY_HZ;
    volume.gain.value = DM_BEEP_VOLUME;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + DM_BEEP_DURATION_MS / MS_PER_SECOND);
    tone.onended = () => void audio.close();
  } catch {
    // No audio output (or blocked): the notification alone has to do.
  }
}

export async function alertIncomingDirectMessage(userId: string, title: string, content: string) {
  const permission = notificationsSupported() ? Notification.permission : null;
  if (!shouldAlert(document.visibilityState, permission)) return;
  if (await directMessagesArriveAsPush(userId)) return;
  new Notification(title, { body: dmPreview(content), tag: "waiting-room-dm" });
  beep();
}
