import { and, eq, exists, isNotNull, isNull, not, or, sql } from "drizzle-orm";
import { formatUsDate } from "../../src/domain/dates";
import { firstTrimesterChecklist } from "../../src/domain/dueDateCalculator";
import type { NewsletterSubscription } from "../../src/domain/publicForms";
import { sanitizePlainText } from "../../src/domain/sanitize";
import { marketingSuppressions, newsletterSubscribers } from "../db/schema";
import { composeMail, MAIL_PRODUCT_NAME } from "../infra/mailer";
import type { RequestScope } from "./caller";
import { NAME_MAX_LENGTH } from "../../src/domain/textLimits";

/** The pages the emailed links open; each posts the token to /api/newsletter/confirm or /unsubscribe. */
export const NEWSLETTER_LINK_PATHS = { confirm: "/newsletter/confirm", unsubscribe: "/newsletter/unsubscribe" } as const;

export const NEWSLETTER_SUBJECTS = {
  confirm: `Confirm your ${MAIL_PRODUCT_NAME} newsletter subscription`,
  alreadySubscribed: `You're already subscribed to the ${MAIL_PRODUCT_NAME} newsletter`,
  checklist: "Your first-trimester checklist",
} as const;

/**
 * The subscriber's address is suppressed for good (parents after a loss, issue 38): it gets no
 * newsletter mail and is never made active, whatever is asked. Stored lowercased on both sides.
 */
const suppressed = exists(sql`(select 1 from ${marketingSuppressions} where ${marketingSuppressions.email} = lower(${newsletterSubscribers.email}))`);

async function isSuppressed(scope: RequestScope, email: string): Promise<boolean> {
  const [row] = await scope.db.select({ email: marketingSuppressions.email }).from(marketingSuppressions).where(eq(marketingSuppressions.email, email.toLowerCase()));
  return row !== undefined;
}

function linkTo(origin: string, page: keyof typeof NEWSLETTER_LINK_PATHS, token: string): string {
  const url = new URL(NEWSLETTER_LINK_PATHS[page], origin);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * Double opt-in, step 1. A new address, a pending one (its details refreshed) or an unsubscribed
 * one becomes pending and is mailed a confirmation link; an active subscriber keeps the details
 * they confirmed and is told by mail instead. The caller answers the same in every case, so the
 * page never reveals whether an address is subscribed. Mail before confirmation repeats nothing
 * typed into the form: the address is not yet known to belong to the person typing. A suppressed
 * address is neither stored nor mailed, and the caller still answers the same.
 */
export async function subscribeToNewsletter(scope: RequestScope, subscription: NewsletterSubscription): Promise<void> {
  const { db, mailer, origin } = scope;
  if (await isSuppressed(scope, subscription.email)) return;
  const details = { firstName: sanitizePlainText(subscription.firstName, NAME_MAX_LENGTH), dueDate: subscription.dueDate ?? null };
  const [pending] = await db
    .insert(newsletterSubscribers)
    .values({ email: subscription.email, ...details })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { ...details, confirmedAt: null, unsubscribedAt: null },
      setWhere: or(isNull(newsletterSubscribers.confirmedAt), isNotNull(newsletterSubscribers.unsubscribedAt)),
    })
    .returning({ token: newsletterSubscribers.confirmToken });
  if (pending) {
    const paragraphs = [
      `Please confirm that you want the ${MAIL_PRODUCT_NAME} newsletter and your free first-trimester checklist.`,
      "If you did not sign up, ignore this email and you will not hear from us again.",
    ];
    const action = { label: "Confirm my subscription", url: linkTo(origin, "confirm", pending.token) };
    await mailer.send(composeMail(subscription.email, NEWSLETTER_SUBJECTS.confirm, paragraphs, action, linkTo(origin, "unsubscribe", pending.token)));
    return;
  }
  const [active] = await db.select({ token: newsletterSubscribers.confirmToken }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, subscription.email));
  if (!active) return;
  const paragraphs = ["Someone, probably you, asked to subscribe this address to our newsletter. You are already subscribed, so nothing has changed."];
  await mailer.send(composeMail(subscription.email, NEWSLETTER_SUBJECTS.alreadySubscribed, paragraphs, undefined, linkTo(origin, "unsubscribe", active.token)));
}

/**
 * Double opt-in, step 2: the link's owner wants the newsletter. The first confirmation sends the
 * checklist; confirming again changes nothing, except that it undoes an unsubscribe. False for an
 * unknown token. A suppressed address stays as it is, unmailed, answered like any known token.
 */
export async function confirmNewsletter(scope: RequestScope, token: string): Promise<boolean> {
  const { db, mailer, origin } = scope;
  const [confirmed] = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), unsubscribedAt: null })
    .where(and(eq(newsletterSubscribers.confirmToken, token), isNull(newsletterSubscribers.confirmedAt), not(suppressed)))
    .returning({ email: newsletterSubscribers.email, firstName: newsletterSubscribers.firstName, dueDate: newsletterSubscribers.dueDate });
  if (confirmed) {
    const items = firstTrimesterChecklist(confirmed.dueDate ?? undefined).map(({ title, description, weeks, date }) => {
      const when = weeks.start === weeks.end ? `Week ${weeks.start}` : `Weeks ${weeks.start}-${weeks.end}`;
      return `${when}${date ? ` (from ${formatUsDate(date)})` : ""}: ${title}. ${description}`;
    });
    const paragraphs = [`Hi ${confirmed.firstName}, thank you for confirming. Here is your first-trimester checklist.`, ...items];
    await mailer.send(composeMail(confirmed.email, NEWSLETTER_SUBJECTS.checklist, paragraphs, undefined, linkTo(origin, "unsubscribe", token)));
    return true;
  }
  const [known] = await db.select({ suppressed }).from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmToken, token));
  if (!known) return false;
  if (!known.suppressed) await db.update(newsletterSubscribers).set({ unsubscribedAt: null }).where(eq(newsletterSubscribers.confirmToken, token));
  return true;
}

/** Stops the newsletter for the link's owner; unsubscribing again keeps the first date. False for an unknown token. */
export async function unsubscribeNewsletter(scope: RequestScope, token: string): Promise<boolean> {
  const [row] = await scope.db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.confirmToken, token))
    .returning({ id: newsletterSubscribers.id });
  return row !== undefined;
}
