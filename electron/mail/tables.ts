// The mail tables (migration 0003), typed for Kysely without touching the shared schema file: `mailDb(db)` gives a
// view of the same connection that also knows these tables. (Type aliases, not interfaces: withTables needs an
// index-signature-compatible shape.)
import type { Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../db/types';
import type { Database } from '../db/schema';

export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed';
export type SmtpSecurity = 'tls' | 'starttls' | 'none';
export type EinvoiceMailFormat = 'none' | 'ubl' | 'cii' | 'facturx';

export type MailOutboxTable = {
  id: Generated<number>;
  /** the invoice the message carries, or null for a quote's (migration 0023: exactly one of the two) */
  invoice_id: number | null;
  quote_id: number | null;
  message_id: string;
  /** comma-separated addresses */
  recipients: string;
  /** comma-separated addresses of the copies (Cc), '' for none (migration 0013) */
  cc: Generated<string>;
  reply_to: string;
  lang: string;
  subject: string;
  body_text: string;
  attachment_name: string;
  attachment: Buffer | null;
  attachment_sha256: string;
  attachment_size: number;
  /** migration 0028: 'facturx' — `attachment` is the Factur-X PDF; 'ubl' | 'cii' — the XML rides beside the PDF */
  einvoice_format: Generated<EinvoiceMailFormat>;
  xml_name: string | null;
  /** the UBL or CII XML as queued; emptied once sent, like the PDF */
  xml_attachment: Buffer | null;
  xml_sha256: string | null;
  xml_size: number | null;
  state: OutboxState;
  attempts: Generated<number>;
  attempt_id: string | null;
  lease_until: string | null;
  interrupted: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  /** last_error as a MailFailureReason code (migration 0013) */
  failure_reason: string | null;
  smtp_response: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** 'document' (an invoice's or quote's own message), 'reminder' (a payment reminder; migration 0031) or
   * 'accountant' (a part of the accountant package, carrying neither an invoice nor a quote; migration 0033) */
  purpose: Generated<string>;
  /** issue 40 (migration 0059): the payment code's text, drawn as an inline image of the HTML part; null: none */
  payment_qr: string | null;
};

export type MailSettingsTable = {
  id: number;
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password_sealed: string | null;
  from_address: string;
  updated_at: string;
};

export type MailTables = {
  mail_outbox: MailOutboxTable;
  mail_settings: MailSettingsTable;
};

export type MailDb = Kysely<Database & MailTables>;
export type OutboxRow = Selectable<MailOutboxTable>;

export function mailDb(db: Db): MailDb {
  return db.withTables<MailTables>();
}
