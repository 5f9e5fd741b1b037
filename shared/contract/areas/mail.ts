// Operations of the mail area: the SMTP account, test message and outbox.

export const mailOperations = {
} as const;
