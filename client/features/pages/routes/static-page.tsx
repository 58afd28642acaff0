import { useLocation } from "react-router";
import { Alert, Card } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { NotFoundPage } from "../../../components/errors/error-pages";
import { useSiteSettings } from "../../../lib/api/use-site-settings";

/** §2 static pages: terms, privacy, cookies, ban, faq, service, return policy (/complaints has its own page). */
const PAGES: Record<string, { title: MessageDescriptor; body: MessageDescriptor[] }> = {
  terms: {
    title: msg`Terms and conditions`,
    body: [
      msg`You must be 18 or older to use this site. You are responsible for what you write to other members.`,
      msg`Messages are paid with credits. Credits are bought in packages; buying any package makes you a premium member.`,
      msg`We may suspend accounts that harass other members or break the law.`,
    ],
  },
  privacy: {
    title: msg`Privacy`,
    body: [
      msg`We keep your e-mail address, your profile and your messages to run the service, and nothing more than we need.`,
      msg`Your password is stored only as an Argon2id hash. You can delete your account at any time.`,
    ],
  },
  cookies: {
    title: msg`Cookies`,
    body: [
      msg`We use a login cookie (auth, 30 days) and a language cookie (locale, 365 days). No advertising cookies.`,
    ],
  },
  ban: {
    title: msg`Ban policy`,
    body: [msg`Members who harass others, send spam or pretend to be someone else are banned without refund.`],
  },
  faq: {
    title: msg`Frequently asked questions`,
    body: [
      msg`How do I get a match? Like members you fancy; when they like you back, it's a match.`,
      msg`What does a message cost? Each message costs credits; free members get a few free messages to start.`,
    ],
  },
  service: {
    title: msg`Customer service`,
    body: [msg`Questions about your account or a payment? Write to support and we answer within one working day.`],
  },
  "return-policy": {
    title: msg`Return policy`,
    // §9: the refund days come from the site's refund_days setting (see RefundDays below).
    body: [msg`Write to customer service with your payment ID to ask for a refund; we answer within one working day.`],
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

export function StaticPage() {
  const { i18n } = useLingui();
  const location = useLocation();
  const slug = location.pathname.replace(/^\//, "");
  // After a refused login of a banned account (issue 10): the ban page says so.
  const banned = slug === "ban" && new URLSearchParams(location.search).get("account") === "banned";
  const page = PAGES[slug];
  if (!page) return <NotFoundPage />;
  return (
    <Card as="article" className="shadow-sm border-0 mx-auto" style={{ maxWidth: 760 }}>
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">{i18n._(page.title)}</h1>
        {slug === "return-policy" && <RefundDays />}
        {banned && (
          <Alert variant="danger" role="alert" data-testid="account-banned">
            <Trans>Your account has been banned.</Trans>
          </Alert>
        )}
        {page.body.map((p, i) => (
          <p key={i}>{i18n._(p)}</p>
        ))}
        <p className="small text-body-secondary mb-0">
          <Trans>Version of 1 December 2023.</Trans>
        </p>
      </Card.Body>
    </Card>
  );
}
