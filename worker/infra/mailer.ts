import { outcomeOfStatus, type SendOutcome } from "../../src/domain/outbox";
import { isDevEnvironment } from "../config";
import type { Bindings } from "../env";
import { escapeHtml } from "../../src/domain/sanitize";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe): the mail API sets them. */
  headers?: Record<string, string>;
}

/** How a recorded mail leaves, given its idempotency key. */
export interface MailTransport {
  deliver(mail: Mail, idempotencyKey: string): Promise<SendOutcome>;
}

const MAIL_TIMEOUT_MS = 10_000;

/**
 * An HTTP email API (Resend-compatible JSON body). Its Idempotency-Key makes a retried mail arrive
 * once: a consumer that sent it and died before recording so sends it again with the same key.
 */
export function httpMailTransport(env: Pick<Bindings, "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM">): MailTransport {
  return {
    async deliver(mail, idempotencyKey) {
      if (!env.MAIL_API_URL || !env.MAIL_API_KEY) return { kind: "retry", reason: "mail API not configured" };
      try {
        const response = await fetch(env.MAIL_API_URL, {
          method: "POST",
          signal: AbortSignal.timeout(MAIL_TIMEOUT_MS),
          headers: { authorization: `Bearer ${env.MAIL_API_KEY}`, "content-type": "application/json", "idempotency-key": idempotencyKey },
          body: JSON.stringify({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.headers ? { headers: mail.headers } : {}) }),
        });
        await response.body?.cancel();
        return outcomeOfStatus(response.status, response.headers.get("retry-after"));
      } catch (error) {
        // A timeout or a dropped connection: the mail may or may not have left; the key settles it.
        return { kind: "retry", reason: String(error) };
      }
    },
  };
}

/** Locally the outbox row is the captured mail (/dev/mailbox): delivering it is recording that it left. */
const capturedMailTransport: MailTransport = { deliver: () => Promise.resolve({ kind: "sent" }) };

/**
 * The mail API wherever it is configured (production must have it: worker/config.ts); a development
 * or test stack without one captures mail locally. Anything else cannot send.
 */
export function createMailTransport(env: Bindings): MailTransport {
  if (env.MAIL_API_URL) return httpMailTransport(env);
  if (isDevEnvironment(env)) return capturedMailTransport;
  return { deliver: () => Promise.resolve({ kind: "retry", reason: "mail API not configured" }) };
}

export const MAIL_PRODUCT_NAME = "BabySteps";
const MAIL_FOOTER = `${MAIL_PRODUCT_NAME}: plan your pregnancy and share the journey with the people you love.`;

export const UNSUBSCRIBE_LABEL = "Unsubscribe";

const TEXT_STYLE = "margin:0 0 16px;font-size:16px;line-height:1.5;color:#2e2235";
const SMALL_STYLE = "margin:0 0 16px;font-size:13px;line-height:1.5;color:#5e5165";

/** Subjects carry family text (an event's title, a pregnancy's): a line break there could start a new mail header. */
const oneLine = (subject: string) => subject.replace(/\s*[\r\n]+\s*/g, " ").trim();

/** The plain-text form: the product name, the body lines, the footer and the unsubscribe link. */
function textDocument(lines: string[], unsubscribeUrl?: string): string {
  return [MAIL_PRODUCT_NAME, "", ...lines, "--", MAIL_FOOTER, ...(unsubscribeUrl ? [`${UNSUBSCRIBE_LABEL}: ${unsubscribeUrl}`] : [])].join("\n");
}

/** The HTML form around body blocks (already escaped): the product name, the subject, the blocks, the footer. */
function htmlDocument(subject: string, blocks: string[], unsubscribeUrl?: string): string {
  const unsubscribe = unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}" style="color:#5e5165">${UNSUBSCRIBE_LABEL}</a>` : "";
  const body = [
    `<p style="margin:0 0 16px;font-size:14px;font-weight:700;letter-spacing:.04em;color:#9b3f78">${MAIL_PRODUCT_NAME}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#2e2235">${escapeHtml(subject)}</h1>`,
    ...blocks,
    `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #ecdbe8;font-size:13px;color:#5e5165">${escapeHtml(MAIL_FOOTER)}${unsubscribe}</p>`,
  ].join("\n");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#fff8fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">',
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px">${body}</div>`,
    "</body></html>",
  ].join("\n");
}

const paragraphHtml = (p: string) => `<p style="${TEXT_STYLE}">${escapeHtml(p)}</p>`;

/**
 * Every mail in two forms: plain text, and a small HTML document readable on a phone (one column,
 * at most 560 px wide, 16 px text, a large tap target for the action, inline styles only since
 * mail clients drop style sheets). The product name opens and closes both. Newsletter mail passes
 * `unsubscribeUrl`, shown as a link in the footer.
 */
export function composeMail(to: string, typedSubject: string, paragraphs: string[], action?: { label: string; url: string }, unsubscribeUrl?: string): Mail {
  const subject = oneLine(typedSubject);
  const text = textDocument([...paragraphs.flatMap((p) => [p, ""]), ...(action ? [`${action.label}: ${action.url}`, ""] : [])], unsubscribeUrl);
  const blocks = [
    ...paragraphs.map(paragraphHtml),
    ...(action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:14px 24px;border-radius:12px;background:#9b3f78;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="${SMALL_STYLE};word-break:break-all">Or open this link: ${escapeHtml(action.url)}</p>`,
        ]
      : []),
  ];
  return { to, subject, text, html: htmlDocument(subject, blocks, unsubscribeUrl) };
}

export interface MailLink {
  label: string;
  url: string;
}

/** A picture shown in the mail (a thumbnail through an authorised link) that opens `href`. */
export interface MailImage {
  src: string;
  alt: string;
  href: string;
  /** A line under the picture: a clip's play mark and length. */
  caption?: string;
}

/** One item of a section: a title, a few lines, and its links (shown as buttons). */
export interface MailEntry {
  title: string;
  lines: string[];
  links: MailLink[];
}

/** A part of a longer mail: a heading (level 2 opens a part, 3 a sub-part), then its text, pictures and items. */
export interface MailSection {
  heading: string;
  level: 2 | 3;
  paragraphs: string[];
  images: MailImage[];
  entries: MailEntry[];
}

const IMAGE_SIZE_PX = 120;

function sectionHtml(section: MailSection): string[] {
  const size = section.level === 2 ? "20px" : "17px";
  const links = (entry: MailEntry) =>
    entry.links.map((link) => `<a href="${escapeHtml(link.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:8px 14px;border-radius:10px;border:1px solid #9b3f78;color:#9b3f78;font-size:14px;font-weight:700;text-decoration:none">${escapeHtml(link.label)}</a>`).join("");
  return [
    `<h${section.level} style="margin:24px 0 12px;font-size:${size};line-height:1.3;color:#2e2235">${escapeHtml(section.heading)}</h${section.level}>`,
    ...section.paragraphs.map(paragraphHtml),
    ...(section.images.length > 0
      ? [
          `<p style="margin:0 0 16px">${section.images
            .map((image) => {
              const picture = `<a href="${escapeHtml(image.href)}"><img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="${IMAGE_SIZE_PX}" height="${IMAGE_SIZE_PX}" style="margin:0 8px 8px 0;border-radius:8px;object-fit:cover;border:0"></a>`;
              // Mail apps drop overlays; the play mark goes on a line of its own under the poster.
              return image.caption
                ? `<span style="display:inline-block;vertical-align:top;width:${IMAGE_SIZE_PX + 8}px">${picture}<br><span style="font-size:13px;color:#6b5a73">${escapeHtml(image.caption)}</span></span>`
                : picture;
            })
            .join("")}</p>`,
        ]
      : []),
    ...section.entries.map(
      (entry) =>
        `<div style="margin:0 0 16px;padding:12px 16px;border-radius:12px;background:#ffffff;border:1px solid #ecdbe8"><p style="margin:0 0 6px;font-size:16px;font-weight:700;color:#2e2235">${escapeHtml(entry.title)}</p>${entry.lines
          .map((line) => `<p style="margin:0 0 8px;font-size:15px;line-height:1.5;color:#2e2235">${escapeHtml(line)}</p>`)
          .join("")}${links(entry)}</div>`,
    ),
  ];
}

function sectionText(section: MailSection): string[] {
  return [
    section.level === 2 ? section.heading.toUpperCase() : section.heading,
    "",
    ...section.paragraphs.flatMap((p) => [p, ""]),
    ...section.images.flatMap((image) => [`${image.alt}${image.caption ? ` (${image.caption})` : ""}: ${image.href}`]),
    ...(section.images.length > 0 ? [""] : []),
    ...section.entries.flatMap((entry) => [entry.title, ...entry.lines, ...entry.links.map((link) => `${link.label}: ${link.url}`), ""]),
  ];
}

/**
 * A longer mail in parts (the weekly digest): opening paragraphs, sections with pictures and
 * items, closing paragraphs, every text escaped, in the same frame as composeMail.
 */
export function composeSectionsMail(to: string, typedSubject: string, content: { intro: string[]; sections: MailSection[]; closing: string[] }, unsubscribeUrl?: string): Mail {
  const subject = oneLine(typedSubject);
  const { intro, sections, closing } = content;
  const text = textDocument([...intro.flatMap((p) => [p, ""]), ...sections.flatMap(sectionText), ...closing.flatMap((p) => [p, ""])], unsubscribeUrl);
  const blocks = [...intro.map(paragraphHtml), ...sections.flatMap(sectionHtml), ...closing.map(paragraphHtml)];
  return { to, subject, text, html: htmlDocument(subject, blocks, unsubscribeUrl) };
}
