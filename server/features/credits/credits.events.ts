/** Events the credits feature puts on a member's live stream (see live.service.ts). */
export type CreditsEvent =
  /**
   * The member's balance changed other than by sending a message (a purchase, a photo unlock, a
   * gift) or they became premium: every tab refreshes the balance, the badge and premium views.
   */
  | {
      type: "credits.changed";
      /** The balance after the change. */
      credits: number;
      paidUser: boolean;
      /** What changed it: a completed payment, a photo unlock or a gift. */
      reason: "purchase" | "photo" | "gift";
      /** The payment that completed, for a purchase. */
      paymentId: number | null;
    }
  /** One of the member's payments settled (§4: completed, failed or cancelled): open payment pages refresh. */
  | { type: "payment.updated"; paymentId: number; status: "completed" | "failed" | "cancelled" };
