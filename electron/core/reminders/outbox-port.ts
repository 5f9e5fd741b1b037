// What the reminders need of the mail outbox, declared here and lent by the runtime (electron/mail/reminder-outbox.ts):
// the core records a reminder's step and hands its message over in one transaction, and never touches the outbox's
// tables itself. Every call that takes `trx` runs inside the reminders' own write transaction, so a step and its
// message are written together or not at all (docs/reminders.md).
import type { Db, WriteTx } from '../../db/types';

/** A reminder e-mail as the reminders compose it: the statement PDF attached. */
export interface ReminderMessage {
  invoice_id: number;
  message_id: string;
  recipients: string[];
  reply_to: string;
  lang: string;
  subject: string;
  body_text: string;
  attachment_name: string;
  attachment: Buffer;
  attachment_sha256: string;
}

export type ReminderMailState = 'queued' | 'sending' | 'sent' | 'failed';

export interface ReminderOutbox {
  /** queues the message; its id in the outbox */
  put(trx: WriteTx, message: ReminderMessage, at: Date): Promise<number>;
  /** the reminder messages no sender has claimed yet: the only ones that can still be taken back */
  waiting(trx: WriteTx): Promise<number[]>;
  /** takes a waiting message back; false when a sender claimed it meanwhile (it may be on the wire already) */
  takeBack(trx: WriteTx, id: number): Promise<boolean>;
  /** each message's state and when it went */
  states(db: Db, ids: number[]): Promise<Map<number, { state: ReminderMailState; sent_at: string | null }>>;
}
