// Public surface of the mail module: the invoice sender with its durable outbox, SMTP settings and their store
// (the secret boxes that seal the password are in electron/secrets/).
export { createMailer, type Mailer, type MailerDeps } from './mailer';
export type { OutboxEntry } from './outbox';
export { DEFAULT_RETRY, retryDelay, classifySmtpError, type RetryPolicy } from './retry-policy';
export { smtpSettingsFromEnv, smtpSettingsFromUrl, transportOptionsFor, describeSmtp, type SmtpSettings, type SmtpSecurity } from './settings';
export { createMailSettingsStore, mailSettingsInput, type MailSettingsStore, type MailSettingsView, type MailSettingsInput } from './settings-store';
export { composeInvoiceMail, attachmentName, type ComposedMail } from './compose';
export { realTimers, type Timers, type MailEvent } from './worker';
export { mailOperationsFor, type MailServiceDeps } from './service';
export { sendTestMessage } from './test-message';
export { failureReasonOf } from './failure-reason';
export { einvoiceForMail, xmlAttachmentName, type EinvoiceForMail, type EinvoiceMailDeps, type MailDocument } from './einvoice';
