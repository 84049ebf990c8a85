import { buttonStyles } from "../../ui/buttonStyles";
import { hook } from "../hooks";
import type { SitePage } from "../types";
import { NEWSLETTER_MESSAGES } from "../../domain/publicForms";

type NewsletterLinkAction = "confirm" | "unsubscribe";

/**
 * The pages the newsletter's emailed links open (/newsletter/confirm?token=..., /unsubscribe): the
 * page posts the token when it opens, so mail scanners that fetch links without running scripts
 * change nothing.
 */
function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{action === "confirm" ? "Confirm your subscription" : "Unsubscribe"}</h1>
      <p {...hook("newsletterLink", action)} role="status" className="text-lg">
        {action === "confirm" ? "Confirming your subscription..." : "Unsubscribing you..."}
      </p>
      <noscript>
        <p>This page needs JavaScript to finish. You can also write to us and we will do it for you.</p>
      </noscript>
      <a href="/" className={buttonStyles({ variant: "secondary" })}>
        Back to BabySteps
      </a>
    </div>
  );
}

export const newsletterConfirmPage: SitePage = {
  path: "/newsletter/confirm",
  title: "Confirm your subscription",
  description: `Confirm your BabySteps newsletter subscription. ${NEWSLETTER_MESSAGES.confirmed}`,
  Page: () => <NewsletterLinkPage action="confirm" />,
  noindex: true,
};

export const newsletterUnsubscribePage: SitePage = {
  path: "/newsletter/unsubscribe",
  title: "Unsubscribe",
  description: "Unsubscribe from the BabySteps newsletter with one click; you will not get any more newsletters from us.",
  Page: () => <NewsletterLinkPage action="unsubscribe" />,
  noindex: true,
};
