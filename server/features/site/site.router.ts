import { router, publicProcedure } from "../../trpc/init.js";
import { getSiteSettings } from "./site.settings.js";

/** §3 site settings the browser needs (public subset). */
export const siteRouter = router({
  settings: publicProcedure.query(() => {
    const s = getSiteSettings();
    return { name: s.name, message_credits: s.message_credits, message_length: s.message_length, free_messages: s.free_messages };
  }),
});
