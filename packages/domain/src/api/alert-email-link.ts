/**
 * The console page an alert e-mail's unsubscribe link opens (`?token=`: one button). Apart from
 * alert-email.ts, which imports zod: the console's route paths read it on the first page, which
 * loads without zod.
 */
export const ALERT_MAIL_UNSUBSCRIBE_PAGE = '/alert-mail/unsubscribe';
