import { router, publicProcedure } from "../../trpc/init.js";
import { publicSettings } from "./site.service.js";
import { siteEntryWarning } from "./site-entry.service.js";
import { visitorAccess } from "./site-policy.js";
import { companyDetails, getSitePage } from "./site-pages.service.js";
import { SitePageInput } from "./site-pages.schema.js";

/** §3 site settings the browser needs (public subset): wiring only. */
export const siteRouter = router({
  settings: publicProcedure.query(({ ctx }) => publicSettings(ctx.site)),
  /** §4 site-entry warning for this request: output { show, showCountryLimited } (GeoIP NL/DE). No errors. */
  entryWarning: publicProcedure.query(({ ctx }) => siteEntryWarning(ctx.site, ctx.member !== null, ctx.clientIp)),
  /** §4 signups and logged-out search as they apply to this request, §3 geoip_country, domain language: output VisitorAccess. No errors. */
  visitor: publicProcedure.query(({ ctx }) =>
    visitorAccess(ctx.site, ctx.trafficSource, ctx.member !== null, ctx.clientIp),
  ),
  /** §3 company info and support contacts, §9 cleaned phone and terms version date: output CompanyDetails. No errors. */
  company: publicProcedure.query(({ ctx }) => companyDetails(ctx.site)),
  /** §2 /pages/{token}: input { token }; output SitePage in the visitor's language (else English). Errors: NOT_FOUND. */
  page: publicProcedure
    .input(SitePageInput)
    .query(({ ctx, input }) => getSitePage(ctx.deps, ctx.site, input.token, ctx.locale)),
});
