import { router, publicProcedure } from "../../trpc/init.js";
import { publicSettings } from "./site.service.js";

/** §3 site settings the browser needs (public subset): wiring only. */
export const siteRouter = router({
  settings: publicProcedure.query(({ ctx }) => publicSettings(ctx.site)),
});
