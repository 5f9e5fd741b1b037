// createMailer: the InvoiceSender the core's `invoices.send` calls, the outbox worker behind it, and the reads and
// actions the UI needs. "Send" renders the PDF, puts the whole message in the outbox in one transaction and returns;
// the worker delivers it, now or after retries, exactly once in the normal course (docs/mail.md).
import type { EmailDuty } from '../../shared/contract/operations';
import { createHash, randomUUID } from 'node:crypto';
import { FolioError, notFound, rule } from '../../shared/errors';
import { isDraft } from '../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import { systemClock, type Clock } from '../core/clock';
import type { InvoiceSender, PdfRenderer, QuotePdfRenderer, QuoteSender } from '../core/index';
import type { QuoteAttributes } from '../../shared/quotes';
import { composeQuoteMail, quoteAttachmentName } from './compose-quote';
import type { MailComposed } from '../../shared/contract/areas/mail';
import type { InvoiceSendOptions } from '../../shared/contract/schemas';
import type { Db } from '../db/types';
import { runnerLock } from '../db/runner-lock';
import { attachmentName, composeInvoiceMail } from './compose';
import { xmlAttachmentName, type EinvoiceForMail, type MailDocument } from './einvoice';
import { enqueue, entriesForInvoice, entriesForQuote, entryById, requeue, toDuty, type NewMessage, type OutboxEntry } from './outbox';
import { clientAddresses, recipientsFor } from './recipients';
import { DEFAULT_RETRY, type RetryPolicy } from './retry-policy';
import type { SecretBox } from '../secrets/secret-box';
import { createMailSettingsStore, type MailSettingsStore } from './settings-store';
import { addressOf, isEmailAddress, validateSmtpSettings, type SmtpSettings } from './settings';
import { OutboxWorker, realTimers, type MailEvent, type Timers } from './worker';

export interface MailerDeps {
  db: Db;
  /** real time: retries and leases are scheduled on it. Not the FOLIO_NOW business clock, which may stand still. */
  clock?: Clock;
  pdf: PdfRenderer;
  /** renders quotes; without it a quote cannot be sent */
  quotePdf?: QuotePdfRenderer;
  /** the e-invoice the client asked for (einvoice.ts); without it invoices go as the plain PDF only */
  einvoice?: EinvoiceForMail;
  /** fixed SMTP settings (`npm run serve`: smtpSettingsFromEnv(process.env)); wins over the stored ones */
  transportOptions?: SmtpSettings | null;
  /** the desktop: settings come from the database, the password sealed by this box (Electron safeStorage) */
  secretBox?: SecretBox;
  retry?: Partial<RetryPolicy>;
  timers?: Timers;
  /** the longest sleep between two looks at the outbox (messages another process queued); default one minute */
  pollMs?: number;
  onEvent?: (e: MailEvent) => void;
}

export interface Mailer {
  /** for createCore({ send }) */
  send: InvoiceSender;
  /** for createCore({ sendQuote }): a quote goes through the same outbox */
  sendQuote: QuoteSender;
  /** queues (or finds the waiting) message of an invoice and returns it; options replace the composed parts */
  enqueue(invoice: Resource<InvoiceAttributes>, options?: InvoiceSendOptions): Promise<OutboxEntry>;
  /** what the send dialog starts from: the client's addresses and the texts "Send" would use */
  compose(invoice: Resource<InvoiceAttributes>): Promise<MailComposed>;
  /** the SMTP settings in use now: the fixed ones (FOLIO_SMTP_URL) or the stored ones; null when not set up */
  currentSettings(): Promise<SmtpSettings | null>;
  /** the fixed settings given at creation (FOLIO_SMTP_URL), which win over the stored ones */
  fixedSettings: SmtpSettings | null;
  /** every message of an invoice, newest first: what the invoice screen shows */
  outboxForInvoice(invoiceId: number): Promise<OutboxEntry[]>;
  /** the same as the `email` list of `invoices.duties` */
  emailDuties(invoiceId: number): Promise<EmailDuty[]>;
  /** puts a failed message back in the queue */
  retry(outboxId: number): Promise<OutboxEntry>;
  /** sends what is due now (tests, "send now" buttons); the started worker does this by itself */
  runDue(): Promise<number>;
  /** wakes the worker: a message was queued by another part (a payment reminder) */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
  /** the stored SMTP account (desktop), or null when the settings come from transportOptions or nowhere */
  settings: MailSettingsStore | null;
}

export function createMailer(deps: MailerDeps): Mailer {
  const clock = deps.clock ?? systemClock;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...deps.retry };
  if (deps.transportOptions) validateSmtpSettings(deps.transportOptions);
  const store = deps.secretBox ? createMailSettingsStore({ db: deps.db, secretBox: deps.secretBox, clock }) : null;
  const currentSettings = async (): Promise<SmtpSettings | null> => deps.transportOptions ?? (store ? store.load() : null);

  const worker = new OutboxWorker({
    db: deps.db,
    clock,
    policy,
    settings: currentSettings,
    timers: deps.timers ?? realTimers,
    pollMs: deps.pollMs ?? 60_000,
    ...(deps.onEvent ? { onEvent: deps.onEvent } : {}),
    lock: runnerLock(deps.db, 'mail-outbox'),
  });

  /** What a message of one document needs: whose it is, its parties, how it is rendered, named and worded. */
  interface Outgoing {
    owner: Pick<NewMessage, 'invoice_id' | 'quote_id'>;
    /** the waiting messages of the same document */
    entries(): Promise<OutboxEntry[]>;
    party: Pick<InvoiceAttributes, 'client_uid' | 'client' | 'seller'>;
    render(): Promise<MailDocument>;
    mail(): { lang: string; subject: string; text: string; qr?: string | null };
    attachmentName: string;
    /** in the Message-ID: "folio.12" for an invoice, "folio.q12" for a quote */
    tag: string;
  }

  async function queueDocument(doc: Outgoing, options: InvoiceSendOptions): Promise<OutboxEntry> {
    const recipients = options.to ?? (await recipientsFor(deps.db, doc.party));
    const settings = await currentSettings();
    if (!settings) {
      // field 'smtp': the send dialog shows this one as "not set up" with the way to the settings
      throw rule('E-mail is not set up: configure an SMTP server (Settings → E-mail, or FOLIO_SMTP_URL for the server)', 'smtp');
    }
    // A message still waiting answers for itself (checked again inside the transaction) without a render.
    const waiting = (await doc.entries()).find((e) => e.state === 'queued' || e.state === 'sending');
    if (waiting) return waiting;
    // Rendered outside the transaction (it is slow) and stored with the message: every retry sends these bytes.
    const rendered = await doc.render();
    const pdf = Buffer.from(rendered.pdf);
    const xml = rendered.xml ? Buffer.from(rendered.xml.content) : null;
    const mail = doc.mail();
    const domain = addressOf(settings.from).split('@')[1] || 'folio.invalid';
    const seller = doc.party.seller;
    const { entry, created } = await enqueue(
      deps.db,
      {
        ...doc.owner,
        message_id: `<${doc.tag}.${randomUUID()}@${domain}>`,
        recipients,
        cc: options.cc ?? [],
        reply_to: isEmailAddress(seller.email) ? seller.email.trim() : '',
        lang: mail.lang,
        subject: options.subject ?? mail.subject,
        body_text: options.message ?? mail.text,
        // issue 40: the payment code the HTML part shows as an inline image (the worker draws it)
        payment_qr: mail.qr ?? null,
        attachment_name: doc.attachmentName,
        attachment: pdf,
        attachment_sha256: sha256(pdf),
        einvoice_format: rendered.format,
        ...(rendered.xml && xml ? { xml: { name: rendered.xml.name, content: xml, sha256: sha256(xml) } } : {}),
      },
      clock.now(),
    );
    if (created) worker.kick();
    return entry;
  }

  async function enqueueInvoice(invoice: Resource<InvoiceAttributes>, options: InvoiceSendOptions = {}): Promise<OutboxEntry> {
    const a = invoice.attributes;
    if (isDraft(a.type)) throw rule('A draft is not sent: issue the invoice first', 'id');
    return queueDocument(
      {
        owner: { invoice_id: invoice.id, quote_id: null },
        entries: () => entriesForInvoice(deps.db, invoice.id),
        party: a,
        render: async () => (deps.einvoice ? deps.einvoice.documents(invoice, deps.pdf) : { format: 'none', pdf: await deps.pdf(invoice) }),
        mail: () => composeInvoiceMail(a),
        attachmentName: attachmentName(a),
        tag: `folio.${invoice.id}`,
      },
      options,
    );
  }

  async function enqueueQuote(quote: Resource<QuoteAttributes>, options: InvoiceSendOptions = {}): Promise<OutboxEntry> {
    const render = deps.quotePdf;
    if (!render) throw new FolioError('not_available', 'Sending quotes by e-mail is not available in this build of Folio');
    const q = quote.attributes;
    return queueDocument(
      {
        owner: { invoice_id: null, quote_id: quote.id },
        entries: () => entriesForQuote(deps.db, quote.id),
        party: q,
        render: async () => ({ format: 'none', pdf: await render(quote) }),
        mail: () => composeQuoteMail(q),
        attachmentName: quoteAttachmentName(q),
        tag: `folio.q${quote.id}`,
      },
      options,
    );
  }

  return {
    async send(invoice, options) {
      const entry = await enqueueInvoice(invoice, options);
      return { queued: entry.state === 'queued' || entry.state === 'sending', state: entry.state };
    },
    async sendQuote(quote, options) {
      const entry = await enqueueQuote(quote, options);
      return { queued: entry.state === 'queued' || entry.state === 'sending', state: entry.state };
    },
    enqueue: enqueueInvoice,
    async compose(invoice) {
      const mail = composeInvoiceMail(invoice.attributes);
      const configured = deps.transportOptions != null || (store !== null && (await store.view()) !== null);
      const einvoiceFormat = deps.einvoice ? await deps.einvoice.formatFor(invoice) : 'none';
      return {
        to: await clientAddresses(deps.db, invoice.attributes),
        cc: [],
        subject: mail.subject,
        message: mail.text,
        attachment_name: attachmentName(invoice.attributes),
        einvoice_format: einvoiceFormat,
        xml_name: einvoiceFormat === 'ubl' || einvoiceFormat === 'cii' ? xmlAttachmentName(invoice.attributes) : null,
        lang: mail.lang,
        configured,
      };
    },
    currentSettings,
    fixedSettings: deps.transportOptions ?? null,
    outboxForInvoice: (invoiceId) => entriesForInvoice(deps.db, invoiceId),
    emailDuties: async (invoiceId) => (await entriesForInvoice(deps.db, invoiceId)).map(toDuty),
    async retry(outboxId) {
      const entry = await requeue(deps.db, outboxId, clock.now());
      if (!entry) {
        const existing = await entryById(deps.db, outboxId);
        if (!existing) throw notFound(`Message ${outboxId}`);
        throw new FolioError('conflict', `Message ${outboxId} is ${existing.state}, not failed: nothing to retry`);
      }
      worker.kick();
      return entry;
    },
    runDue: () => worker.runDue(),
    kick: () => worker.kick(),
    start: () => worker.start(),
    stop: () => worker.stop(),
    settings: store,
  };
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
