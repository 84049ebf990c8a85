import { baseUrl } from "./env";

/** A mail as the dev outbox (`/api/dev/outbox`) lists it, newest first. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail sent to this address (addresses are stored lower-cased). */
export const mailsTo = async (email: string): Promise<OutboxMail[]> => ((await (await fetch(new URL("/api/dev/outbox", baseUrl()))).json()) as OutboxMail[]).filter((mail) => mail.to === email.toLowerCase());
