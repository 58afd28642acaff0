import { router, publicProcedure } from "../../trpc/init.js";

/** §3 site settings the browser needs (public subset). */
export const siteRouter = router({
  /**
   * message_credits, message_length, free_messages, photo_credits and gift_credits (credits,
   * integers) of the rules, and refund_days (§9: shown on the return policy) of the host's site.
   */
  settings: publicProcedure.query(({ ctx }) => {
    const s = ctx.site;
    return {
      name: s.name,
      message_credits: s.message_credits,
      message_length: s.message_length,
      free_messages: s.free_messages,
      photo_credits: s.photo_credits,
      gift_credits: s.gift_credits,
      refund_days: s.refund_days,
    };
  }),
});
