import type { Db } from "../db";
import { mailOutbox } from "../db/schema";
import type { Bindings } from "../env";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Everything that sends mail goes through this one interface. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Local and test mail is captured in the outbox table (shown at /dev/mailbox). */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
    },
  };
}

/** Production posts to an HTTP email API (Resend-compatible JSON body). */
export function httpMailer(env: Pick<Bindings, "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM">): Mailer {
  return {
    async send(mail) {
      if (!env.MAIL_API_URL || !env.MAIL_API_KEY) throw new Error("Mail API is not configured");
      const response = await fetch(env.MAIL_API_URL, {
        method: "POST",
        headers: { authorization: `Bearer ${env.MAIL_API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
      });
      if (!response.ok) throw new Error(`Mail API answered ${response.status}`);
    },
  };
}

export function createMailer(env: Bindings, db: Db): Mailer {
  return env.APP_ENV === "production" ? httpMailer(env) : outboxMailer(db);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A plain, accessible mail body: one heading, paragraphs, and an optional call to action. */
export function composeMail(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): Mail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join("\n\n");
  const html = [
    `<h1>${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
  ].join("\n");
  return { to, subject, text, html };
}
