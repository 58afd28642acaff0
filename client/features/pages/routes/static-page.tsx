import { Fragment, type ReactNode } from "react";
import { useLocation, useParams } from "react-router";
import { Alert, Card } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BuiltInPageSlug } from "../../../app/paths";
import { NotFoundPage } from "../../../components/errors/error-pages";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { useSiteSettings } from "../../../lib/api/use-site-settings";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import { useCompanyDetails } from "../api/use-company-details";
import { useSitePage } from "../api/use-site-page";
import { CompanyAddress, SupportContacts, type CompanyDetailsData } from "../components/company-details";
import "../pages.css";
import { dateTimeFormat } from "../../../lib/intl";

/** What a section adds after its text, filled in from the site's settings. */
type Extra = "company" | "contact" | "refund";

interface Section {
  heading: MessageDescriptor;
  paragraphs?: MessageDescriptor[];
  items?: MessageDescriptor[];
  extra?: Extra[];
}

interface BuiltInPage {
  title: MessageDescriptor;
  intro?: MessageDescriptor[];
  /** Shows the §9 terms version date under the title. */
  versioned?: boolean;
  /** Shows the §9 refund days (setting refund_days) under the title. */
  refundDays?: boolean;
  sections: Section[];
}

const contactSection: Section = {
  heading: msg`Contact`,
  paragraphs: [msg`Questions about your account or a payment? Our customer service answers within one working day.`],
  extra: ["contact"],
};

/**
 * §2 static pages (terms, privacy, cookies, ban, faq, service, return-policy; /complaints has its
 * own page). Our text, so it goes through Lingui; the company's details (§3 company info) and
 * support contacts come from the site's settings.
 */
const PAGES: Record<BuiltInPageSlug, BuiltInPage> = {
  terms: {
    title: msg`Terms and conditions`,
    versioned: true,
    intro: [msg`These terms apply to everyone who uses this site. By creating an account you accept them.`],
    sections: [
      {
        heading: msg`Who may use the site`,
        items: [
          msg`You must be 18 or older.`,
          msg`One account per person, with true details about yourself.`,
          msg`You are responsible for what you write to other members.`,
        ],
      },
      {
        heading: msg`Credits and premium`,
        paragraphs: [
          msg`Messages are paid with credits. Credits are bought in packages; buying any package makes you a premium member.`,
        ],
        items: [
          msg`Premium members see all photos and have no daily limit on likes.`,
          msg`Unused credits can be refunded as our return policy describes.`,
        ],
      },
      {
        heading: msg`Conduct`,
        paragraphs: [
          msg`We may suspend or ban accounts that harass other members, send spam or break the law. Our ban policy lists what is not allowed.`,
        ],
      },
      {
        heading: msg`Fictional profiles`,
        paragraphs: [msg`Some profiles are run by us for entertainment. They are marked as such.`],
      },
      { heading: msg`Who we are`, extra: ["company", "contact"] },
    ],
  },
  privacy: {
    title: msg`Privacy`,
    intro: [msg`We keep only what we need to run the service, and we never sell your data.`],
    sections: [
      {
        heading: msg`What we keep`,
        items: [
          msg`Your e-mail address, and your password only as an Argon2id hash.`,
          msg`Your profile and photos.`,
          msg`Your messages, likes and payments.`,
        ],
      },
      {
        heading: msg`Your rights`,
        items: [
          msg`Change or delete your profile details and photos at any time.`,
          msg`Delete your account from your settings. For 14 days you can take it back; after that it is removed.`,
          msg`Ask us what we keep about you.`,
        ],
      },
      { heading: msg`Data controller`, extra: ["company", "contact"] },
    ],
  },
  cookies: {
    title: msg`Cookies`,
    intro: [msg`We use a few cookies to run the site. We set no advertising cookies.`],
    sections: [
      {
        heading: msg`Cookies we set`,
        items: [
          msg`auth: keeps you logged in (30 days).`,
          msg`locale: remembers your language (365 days).`,
          msg`A cookie with the partner site that sent you here, if any.`,
        ],
      },
    ],
  },
  ban: {
    title: msg`Ban policy`,
    intro: [msg`Members who break these rules are banned without refund.`],
    sections: [
      {
        heading: msg`What is not allowed`,
        items: [
          msg`Harassing or threatening other members.`,
          msg`Sending spam, advertising or links to other sites.`,
          msg`Asking other members for money or gift cards.`,
          msg`Pretending to be someone else, or being under 18.`,
        ],
      },
      {
        heading: msg`If you think we made a mistake`,
        paragraphs: [msg`Write to our customer service and tell us your e-mail address. We look at every request.`],
        extra: ["contact"],
      },
    ],
  },
  faq: {
    title: msg`Frequently asked questions`,
    sections: [
      {
        heading: msg`How do I get a match?`,
        paragraphs: [msg`Like members you fancy. When they like you back, it's a match.`],
      },
      {
        heading: msg`What does a message cost?`,
        paragraphs: [msg`Each message costs credits. Free members get a few free messages to start.`],
      },
      {
        heading: msg`What do I get with premium?`,
        paragraphs: [
          msg`Buying any credit package makes you premium: you see all photos, can add more photos and have no daily limit on likes.`,
        ],
      },
      {
        heading: msg`How do I delete my account?`,
        paragraphs: [
          msg`In your settings, under Delete account. You can take your account back within 14 days through the link in our e-mail.`,
        ],
      },
      contactSection,
    ],
  },
  service: {
    title: msg`Customer service`,
    intro: [msg`Questions about your account or a payment? Our customer service answers within one working day.`],
    sections: [
      { heading: msg`Contact us`, extra: ["contact"] },
      { heading: msg`Company details`, extra: ["company"] },
    ],
  },
  "return-policy": {
    title: msg`Return policy`,
    refundDays: true,
    sections: [
      {
        heading: msg`How to ask for a refund`,
        items: [
          msg`Write to customer service with your payment ID.`,
          msg`We answer within one working day.`,
          msg`The refund goes back to the way you paid.`,
        ],
        extra: ["contact"],
      },
    ],
  },
};

/** §9: refund days (setting refund_days) are shown on the return policy. */
function RefundDays() {
  const settings = useSiteSettings();
  const days = settings.data?.refund_days;
  if (days === undefined) return null;
  return (
    <p className="lead">
      <Trans>Unused credits can be refunded within {days} days of purchase.</Trans>
    </p>
  );
}

/** §9 terms version date: 2023-12-01 12:00 UTC or the company's added date, if later (the server decides). */
function TermsVersion({ company }: { company: CompanyDetailsData | undefined }) {
  const { i18n } = useLingui();
  if (!company) return null;
  const when = new Date(company.termsVersionDate);
  const date = dateTimeFormat(i18n.locale, { dateStyle: "long", timeZone: "UTC" }).format(when);
  return (
    <p className="text-body-secondary small" data-testid="terms-version">
      <Trans>
        Version of <time dateTime={company.termsVersionDate}>{date}</time>
      </Trans>
    </p>
  );
}

function Extras({ extra, company }: { extra: Extra[]; company: CompanyDetailsData | undefined }) {
  if (!company) return null;
  return (
    <>
      {extra.map((e) =>
        e === "company" ? (
          <div key={e} className="mb-3">
            <CompanyAddress company={company} />
          </div>
        ) : e === "contact" ? (
          <div key={e} className="mb-3">
            <SupportContacts company={company} />
          </div>
        ) : (
          <RefundDays key={e} />
        ),
      )}
    </>
  );
}

function PageCard({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <Card as="article" className="static-page shadow-sm border-0 mx-auto" lang={lang}>
      <Card.Body className="p-4 p-md-5">{children}</Card.Body>
    </Card>
  );
}

function BuiltInStaticPage({ slug, page }: { slug: string; page: BuiltInPage }) {
  const { i18n } = useLingui();
  const location = useLocation();
  const company = useCompanyDetails();
  // After a refused login of a banned account (issue 10): the ban page says so.
  const banned = slug === "ban" && new URLSearchParams(location.search).get("account") === "banned";
  return (
    <PageCard>
      <h1 className="h3 mb-2">{i18n._(page.title)}</h1>
      {page.versioned && <TermsVersion company={company.data} />}
      {page.refundDays && <RefundDays />}
      {banned && (
        <Alert variant="danger" role="alert" data-testid="account-banned">
          <Trans>Your account has been banned.</Trans>
        </Alert>
      )}
      {page.intro?.map((p, i) => (
        <p key={i} className="lead-sm">
          {i18n._(p)}
        </p>
      ))}
      {page.sections.map((s, i) => (
        <section key={i} className="static-page-section">
          <h2 className="h5">{i18n._(s.heading)}</h2>
          {s.paragraphs?.map((p, j) => (
            <p key={j}>{i18n._(p)}</p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((item, j) => (
                <li key={j}>{i18n._(item)}</li>
              ))}
            </ul>
          )}
          {s.extra && <Extras extra={s.extra} company={company.data} />}
        </section>
      ))}
    </PageCard>
  );
}

/** §2 /pages/{token}: a page the site's operator wrote, in the visitor's language or English. */
function SiteTokenPage({ token }: { token: string }) {
  const { i18n } = useLingui();
  const page = useSitePage(token);
  const company = useCompanyDetails();
  const errorText = useErrorText();
  if (page.isLoading) return <LoadingState />;
  if (page.error) {
    if (appCodeOf(page.error) === "NOT_FOUND" || appCodeOf(page.error) === "VALIDATION") return <NotFoundPage />;
    return <ErrorState message={errorText(page.error)} onRetry={() => void page.refetch()} />;
  }
  if (!page.data) return <NotFoundPage />;
  const p = page.data;
  // Written in another language than the interface's (the English fallback): say so to screen readers.
  const lang = p.language !== i18n.locale ? p.language : undefined;
  return (
    <PageCard lang={lang}>
      <h1 className="h3 mb-3">{p.title}</h1>
      {p.blocks.map((b, i) => (
        <Fragment key={i}>
          {b.type === "heading" ? (
            <h2 className="h5 static-page-subheading">{b.text}</h2>
          ) : b.type === "paragraph" ? (
            <p>{b.text}</p>
          ) : b.type === "list" ? (
            <ul>
              {b.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          ) : (
            <div lang={lang ? i18n.locale : undefined}>
              <Extras extra={[b.type]} company={company.data} />
            </div>
          )}
        </Fragment>
      ))}
    </PageCard>
  );
}

/**
 * §2 static pages: /terms, /privacy, /cookies, /ban, /faq, /service, /return-policy, the same
 * under /pages/{page} (the spec's route names pages-terms …), and /pages/{token} for the site's
 * own pages (site.page). An unknown page is the §2 404 page.
 */
export function StaticPage() {
  const location = useLocation();
  const { token } = useParams();
  const slug = token ?? location.pathname.replace(/^\/+|\/+$/g, "");
  const builtIn = Object.hasOwn(PAGES, slug) ? PAGES[slug as BuiltInPageSlug] : undefined;
  if (builtIn) return <BuiltInStaticPage slug={slug} page={builtIn} />;
  if (token) return <SiteTokenPage token={token} />;
  return <NotFoundPage />;
}
