import { isDevEnvironment } from "../config";
import type { Db } from "../db";
import { mailOutbox } from "../db/schema";
import type { Bindings } from "../env";
import { escapeHtml } from "../../src/domain/sanitize";

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

/** The outbox only when APP_ENV says development or test; every other environment sends real mail. */
export function createMailer(env: Bindings, db: Db): Mailer {
  return isDevEnvironment(env) ? outboxMailer(db) : httpMailer(env);
}

export const MAIL_PRODUCT_NAME = "BabySteps";
const MAIL_FOOTER = `${MAIL_PRODUCT_NAME}: plan your pregnancy and share the journey with the people you love.`;

export const UNSUBSCRIBE_LABEL = "Unsubscribe";

/**
 * Every mail in two forms: plain text, and a small HTML document readable on a phone (one column,
 * at most 560 px wide, 16 px text, a large tap target for the action, inline styles only since
 * mail clients drop style sheets). The product name opens and closes both. Newsletter mail passes
 * `unsubscribeUrl`, shown as a link in the footer.
 */
export function composeMail(to: string, typedSubject: string, paragraphs: string[], action?: { label: string; url: string }, unsubscribeUrl?: string): Mail {
  // Subjects carry family text (an event's title, a pregnancy's): a line break there could start a new mail header.
  const subject = typedSubject.replace(/\s*[\r\n]+\s*/g, " ").trim();
  const text = [
    MAIL_PRODUCT_NAME,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "--",
    MAIL_FOOTER,
    ...(unsubscribeUrl ? [`${UNSUBSCRIBE_LABEL}: ${unsubscribeUrl}`] : []),
  ].join("\n");
  const unsubscribe = unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}" style="color:#5e5165">${UNSUBSCRIBE_LABEL}</a>` : "";
  const body = [
    `<p style="margin:0 0 16px;font-size:14px;font-weight:700;letter-spacing:.04em;color:#9b3f78">${MAIL_PRODUCT_NAME}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#2e2235">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#2e2235">${escapeHtml(p)}</p>`),
    ...(action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:14px 24px;border-radius:12px;background:#9b3f78;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5e5165;word-break:break-all">Or open this link: ${escapeHtml(action.url)}</p>`,
        ]
      : []),
    `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #ecdbe8;font-size:13px;color:#5e5165">${escapeHtml(MAIL_FOOTER)}${unsubscribe}</p>`,
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#fff8fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">',
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px">${body}</div>`,
    "</body></html>",
  ].join("\n");
  return { to, subject, text, html };
}
