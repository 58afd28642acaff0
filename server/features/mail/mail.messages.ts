/**
 * The words of every mail (§1: in the member's language), as Lingui message ids: the English
 * source text, marked with the i18n comment so `lingui extract` puts them in the same catalogs as
 * the React app (client/locales/*.po); mail.i18n.ts translates them on the server.
 * Placeholders are ICU ({name}, {site}); the HTML part escapes every value.
 */
export const MAIL_TEXT = {
  greeting: /*i18n*/ "Hello {name},",
  footer: /*i18n*/ "You receive this e-mail because you are a member of {site}.",
  unsubscribe: /*i18n*/ "Unsubscribe from these e-mails",
  settingsLink: /*i18n*/ "Change your e-mail notifications",

  activationSubject: /*i18n*/ "Confirm your e-mail address for {site}",
  activationBody:
    /*i18n*/ "Welcome to {site}! Please confirm your e-mail address. Until you confirm, other members cannot reply to you.",
  activationButton: /*i18n*/ "Confirm my e-mail address",

  newConversationSubject: /*i18n*/ "{from} started a conversation with you on {site}",
  newConversationBody: /*i18n*/ "{from} sent you a first message. Open the conversation to read it and reply.",
  newMessageSubject: /*i18n*/ "New message from {from} on {site}",
  newMessageBody:
    /*i18n*/ "{from} sent you a new message. Further messages in this conversation are not mailed until you have read it.",
  readButton: /*i18n*/ "Read the message",

  likeSubject: /*i18n*/ "{from} likes you on {site}",
  likeBody: /*i18n*/ "{from} likes your profile. Like them back to get a match.",
  likeButton: /*i18n*/ "See who likes you",
  matchSubject: /*i18n*/ "It's a match with {from} on {site}",
  matchBody: /*i18n*/ "You and {from} like each other. Say hello!",
  matchButton: /*i18n*/ "Open the match",
  /** §3 fictional profiles: said in every mail about one, when the site sets no fictional_warning. */
  fictionalNote: /*i18n*/ "{from} is a fictional profile, run by the site for entertainment: not a real member.",

  reminderSubject: /*i18n*/ "You have unread messages on {site}",
  reminderBody: /*i18n*/ "{from} wrote to you more than a day ago and is waiting for your answer.",

  deletedSubject: /*i18n*/ "Your {site} account will be deleted in 14 days",
  deletedBody:
    /*i18n*/ "Your account was deleted at your request. It is hidden from everyone and its personal data will be removed for good in 14 days. Changed your mind? Reactivate it with this link within 14 days.",
  reactivateButton: /*i18n*/ "Reactivate my account",
} as const;

export type MailTextKey = keyof typeof MAIL_TEXT;
