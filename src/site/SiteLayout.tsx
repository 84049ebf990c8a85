import type { ReactNode } from "react";
import { APP_NAME } from "../lib/document-title";
import { buttonStyles } from "../ui/buttonStyles";
import { LogoMark, MenuIcon } from "../ui/icons";
import { NewsletterForm } from "./forms/NewsletterForm";
import { hook } from "./hooks";
import { FOOTER_COLUMNS, GET_STARTED, HEADER_LINKS, RESOURCE_LINKS, SIGN_IN, type SiteLink } from "./links";
import { SkipLink } from "../ui/SkipLink";

/** Without a display value, so a link can be 'hidden sm:inline-flex' (two display classes would fight). */
const NAV_LINK_LOOK = "min-h-11 items-center rounded-full px-3 font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring";
const NAV_LINK_STYLES = `inline-flex ${NAV_LINK_LOOK}`;
const MENU_PANEL_STYLES = "absolute z-30 mt-2 flex min-w-56 flex-col gap-1 rounded-card border border-border bg-surface p-2 shadow-lg";
const FOOTER_LINK_STYLES = "inline-flex min-h-11 items-center text-foreground underline-offset-4 hover:underline";

/** A disclosure menu (native <details>: works without JavaScript; the enhancer closes it on Escape or a click outside). */
function Menu({
  label,
  links,
  className,
  panelClassName,
  icon,
  labelClassName,
}: {
  label: string;
  links: readonly SiteLink[];
  className?: string;
  panelClassName?: string;
  icon?: ReactNode;
  /** E.g. 'sr-only sm:not-sr-only': an icon-only button on phones, still named for screen readers. */
  labelClassName?: string;
}) {
  return (
    <details {...hook("menu")} className={`relative ${className ?? ""}`}>
      <summary className={`${NAV_LINK_STYLES} cursor-pointer list-none gap-1 [&::-webkit-details-marker]:hidden`}>
        {icon}
        <span className={labelClassName}>{label}</span>
      </summary>
      <ul className={`${MENU_PANEL_STYLES} ${panelClassName ?? ""}`}>
        {links.map(({ label: text, href }) => (
          <li key={href}>
            <a href={href} className={`${NAV_LINK_STYLES} w-full`}>
              {text}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function SiteHeader() {
  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <a href="/" className="inline-flex min-h-11 items-center gap-2 rounded-full text-lg font-bold text-foreground">
          <LogoMark />
          {APP_NAME}
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map(({ label, href }) => (
              <li key={href}>
                <a href={href} className={NAV_LINK_STYLES}>
                  {label}
                </a>
              </li>
            ))}
            <li>
              <Menu label="Resources" links={RESOURCE_LINKS} />
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <a href={SIGN_IN.href} className={`${NAV_LINK_LOOK} hidden sm:inline-flex`}>
            {SIGN_IN.label}
          </a>
          <a href={GET_STARTED.href} {...hook("cta", GET_STARTED.label)} className={`${buttonStyles({ size: "md" })} whitespace-nowrap`}>
            {GET_STARTED.label}
          </a>
          <nav aria-label="Site menu" className="lg:hidden">
            <Menu
              label="Menu"
              icon={<MenuIcon />}
              links={[...HEADER_LINKS, ...RESOURCE_LINKS, SIGN_IN]}
              panelClassName="right-0"
              labelClassName="sr-only sm:not-sr-only"
            />
          </nav>
        </div>
      </div>
    </header>
  );
}

function FooterColumn({ title, links }: { title: string; links: readonly SiteLink[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      <ul className="flex flex-col">
        {links.map(({ label, href }) => (
          <li key={href}>
            <a href={href} className={FOOTER_LINK_STYLES}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="newsletter-heading" className="flex flex-col gap-3">
          <h2 id="newsletter-heading" className="text-xl font-bold">
            Week-by-week tips in your inbox
          </h2>
          <p className="text-muted-foreground">One short email a week. No spam; unsubscribe with one click.</p>
          <NewsletterForm idPrefix="footer-newsletter" />
        </section>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_COLUMNS.map(({ title, links }) => (
            <FooterColumn key={title} title={title} links={links} />
          ))}
        </nav>
      </div>
      <p className="border-t border-border px-4 py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {APP_NAME}. Made for growing families.
      </p>
    </footer>
  );
}

/** Every public page: skip link, header with the Resources menu, the page, footer with the newsletter. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
