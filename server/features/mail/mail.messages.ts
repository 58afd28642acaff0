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
    /*i18n*/ "Welcome to {site}! Please confirm your e-mail address. Until you confirm, you cannot like or write to members, nor they to you.",
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

  resetSubject: /*i18n*/ "Reset your password for {site}",
  resetBody:
    /*i18n*/ "Someone (hopefully you) asked to reset the password of your {site} account. Choose a new password with this link within one hour. The link works once; if you did not ask for it, ignore this e-mail: your password stays as it is.",
  resetButton: /*i18n*/ "Choose a new password",
  mailChangeSubject: /*i18n*/ "Confirm your new e-mail address for {site}",
  mailChangeBody:
    /*i18n*/ "Please confirm that {email} is your new e-mail address for {site} with this link within 24 hours. Until then your old address stays in use.",
  mailChangeButton: /*i18n*/ "Confirm my new e-mail address",
  mailChangedSubject: /*i18n*/ "Your e-mail address for {site} was changed",
  mailChangedBody:
    /*i18n*/ "The e-mail address of your {site} account was changed to {email}. From now on we write there, and you log in with it. If you did not do this, contact our customer service at once.",
  supportContact: /*i18n*/ "Our customer service: {contact}",

  warningSubject: /*i18n*/ "A warning from {site}",
  warningBody:
    /*i18n*/ "Our team has reviewed a report about your account on {site}. Please keep to our terms: accounts that harass other members, send spam or pretend to be someone else are suspended.",
  warningNote: /*i18n*/ "Note from our team: {note}",
} as const;

export type MailTextKey = keyof typeof MAIL_TEXT;
