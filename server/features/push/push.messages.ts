/**
 * The words of every Web Push notification (§1: in the member's language), as Lingui message ids
 * marked for `lingui extract` (lingui.config.ts includes this file), translated on the server from
 * the app's catalogs (mail.i18n.ts). ICU placeholders: {from} the other member's name.
 */
export const PUSH_TEXT = {
  message: /*i18n*/ "{from} sent you a message",
  like: /*i18n*/ "{from} likes you",
  match: /*i18n*/ "It's a match: you and {from} like each other",
} as const;
