// What comes out of a document under /v3: its PDF, a receipt-printer PDF, its public link, its e-mail, its NAV
// report's state, and the accountant's exports (docs/v3.md "Document outputs").
import { downloadDeliveryDocument, isDeliveryId } from './delivery-documents';
import { mountPath } from '../mount';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvoiceReminders } from '../../../shared/contract/areas/reminders';
import type { InvoiceDuties } from '../../../shared/contract/operations';
import { FolioError } from '../../../shared/errors';
import { POS_WIDTHS_MM, type PosWidth } from '../../documents/pos-widths';
import { v3Invalid } from './errors';
import { bodyOf, call, idOf, type V3Route } from './route';

function sendPdf(reply: FastifyReply, filename: string, pdf: Uint8Array): Buffer {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'private, no-store');
  return Buffer.from(pdf);
}

/** The server's own address as this request reached it (behind no public_base_url, the link the caller can open). */
function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? req.hostname}${mountPath(req.raw)}`;
}

/**
 * Folio's NAV report states → 3.0.14's OnlineSzamlaStatusEnum. Folio knows fewer states than Billingo; each maps to
 * the value that tells an integration the same thing (docs/v3.md lists the table).
 */
export function onlineSzamlaStatus(duties: InvoiceDuties): string {
  const nav = duties.nav;
  if (!nav) return 'not_checked';
  switch (nav.state) {
    case 'waiting':
      return duties.nav_enabled ? 'started' : 'no_online_szamla_settings';
    case 'sent':
      return 'sent';
    case 'done':
      return 'done';
    case 'done_with_warnings':
      return 'nav_warn';
    case 'aborted':
      return 'aborted';
    case 'not_required':
      return 'not_checked';
  }
}

/** v3's reminder events from Folio's reminder history: sent (or failed) messages, then the queued and the next step. */
export function reminderEventsOf(r: InvoiceReminders, clientEmail: string) {
  const live = r.history.filter((h) => h.state !== 'withdrawn');
  const dateOf = (stamp: string | null) => (stamp ? stamp.slice(0, 10) : undefined);
  const sent = live
    .filter((h) => h.mail_state === 'sent' || h.mail_state === 'failed')
    .map((h) => ({
      type: 'document_reminder',
      send_at: h.business_date,
      ...(h.sent_at ? { delivery_at: dateOf(h.sent_at) } : {}),
      recipients: h.recipients,
      status: { status: h.mail_state === 'sent' ? 'sent' : 'rejected', ...(h.sent_at ? { date: h.sent_at } : {}) },
    }));
  const upcoming = live
    .filter((h) => h.mail_state === 'queued' || h.mail_state === 'sending')
    .map((h) => ({ emails: h.recipients, send_at: h.business_date }));
  if (r.eligible && r.enabled && !r.stopped && !r.client_opted_out && r.next) {
    upcoming.push({ emails: clientEmail ? [clientEmail] : [], send_at: r.next.date });
  }
  return { sent_reminders: sent, upcoming_reminders: upcoming, sent_postal_mail: [] };
}

// Folio's export formats for v3's export types (v3's other types are other programs' import formats).
const EXPORT_FORMATS: Readonly<Record<string, 'csv' | 'xlsx' | 'nav'>> = { simple_csv: 'csv', simple_excel: 'xlsx', nav_xml: 'nav' };
const EXPORT_FIELDS = { format: 'export_type', date_from: 'start_date', date_to: 'end_date' } as const;

/** v3's export id is Folio's export job id: hex, made by the export jobs (anything else is no export). */
function exportJobOf(req: FastifyRequest): string {
  const id = (req.params as { id: string }).id;
  if (!/^[a-f0-9]{16,64}$/.test(id)) throw new FolioError('not_found', 'No export under this id');
  return id;
}

export const documentOutputRoutes: V3Route[] = [
  {
    // Folio renders a PDF when it is asked for, so v3's 202 "not generated yet" never happens: always 200.
    method: 'GET',
    path: '/documents/{id}/download',
    handler: async ({ core, req, reply }) => {
      const file = isDeliveryId(idOf(req)) ? await downloadDeliveryDocument(core(), idOf(req)) : await call(core(), 'invoices.download', { id: idOf(req) });
      return sendPdf(reply, file.filename, file.pdf);
    },
  },
  {
    method: 'GET',
    path: '/documents/{id}/print/pos',
    handler: async ({ core, req, reply }) => {
      const size = Number((req.query as { size?: string }).size);
      if (!(POS_WIDTHS_MM as readonly number[]).includes(size)) {
        throw v3Invalid('size', `must be ${POS_WIDTHS_MM.join(' or ')} (the paper's width in mm)`);
      }
      const invoice = await call(core(), 'invoices.get', { id: idOf(req) });
      // the PDF engine (pdfmake, fontkit: ~3 MB of code) loads with the first receipt, not with the server
      const { renderPosPdf } = await import('../../documents/pos');
      const pdf = await renderPosPdf(invoice.attributes, size as PosWidth);
      const name = (invoice.attributes.prefixed_invoice_no || `draft-${invoice.id}`).replace(/[^A-Za-z0-9._-]/g, '_');
      return sendPdf(reply, `pos-${size}mm-${name}.pdf`, pdf);
    },
  },
  {
    // The share link a customer opens without a key; the code is made on first request and kept.
    method: 'GET',
    path: '/documents/{id}/public-url',
    handler: async ({ core, req }) => {
      const id = idOf(req);
      const { code } = await call(core(), 'invoices.code', { id });
      const settings = await call(core(), 'settings.get', {});
      const base = settings.public_base_url.trim().replace(/\/+$/, '') || ownOrigin(req);
      return { public_url: `${base}/access/c:${code}` };
    },
  },
  {
    // Into the outbox (docs/mail.md): the answer is the recipients; the delivery itself follows from the queue.
    method: 'POST',
    path: '/documents/{id}/send',
    handler: async ({ core, req }) => {
      const id = idOf(req);
      const body = bodyOf(req);
      const emails = body.emails;
      if (emails !== undefined && (!Array.isArray(emails) || emails.some((e) => typeof e !== 'string'))) {
        throw v3Invalid('emails', 'must be a list of e-mail addresses');
      }
      const given = (emails as string[] | undefined)?.map((e) => e.trim()).filter(Boolean) ?? [];
      await call(core(), 'invoices.send', given.length ? { id, to: given } : { id }, { to: 'emails' });
      if (given.length) return { emails: given };
      // without recipients the invoice goes to the client's address, which is what was sent to
      const invoice = await call(core(), 'invoices.get', { id });
      const to = invoice.attributes.client.email;
      return { emails: to ? [to] : [] };
    },
  },
  {
    // Folio's reminder history (docs/reminders.md) as 3.0.15's event list: what went out, what is queued or next.
    method: 'GET',
    path: '/documents/{id}/reminders',
    handler: async ({ core, req }) => {
      const id = idOf(req);
      const [reminders, invoice] = await Promise.all([call(core(), 'reminders.forInvoice', { id }), call(core(), 'invoices.get', { id })]);
      return reminderEventsOf(reminders, invoice.attributes.client.email);
    },
  },
  {
    method: 'GET',
    path: '/documents/{id}/online-szamla',
    handler: async ({ core, req }) => {
      const duties = await call(core(), 'invoices.duties', { id: idOf(req) });
      const nav = duties.nav;
      const messages = nav?.error_message || nav?.error_code
        ? [{
            validation_result_code: nav.state === 'done_with_warnings' ? 'WARN' : 'ERROR',
            validation_error_code: nav.error_code ?? '',
            human_readable_message: nav.error_message ?? '',
          }]
        : [];
      return { transaction_id: nav?.transaction_id ?? '', status: onlineSzamlaStatus(duties), messages };
    },
  },
  {
    method: 'POST',
    path: '/document-export',
    status: 201,
    handler: async ({ core, req }) => {
      const body = bodyOf(req);
      const type = body.export_type;
      const format = typeof type === 'string' ? EXPORT_FORMATS[type] : undefined;
      if (!format) throw v3Invalid('export_type', `${String(type ?? '')} is not supported; supported: ${Object.keys(EXPORT_FORMATS).join(', ')}`);
      // Folio's export takes the invoices issued in the period (docs/backup.md); it cannot select by fulfilment
      if (body.query_type !== undefined && body.query_type !== 'invoice_date') {
        throw v3Invalid('query_type', 'must be invoice_date: Folio exports the invoices issued in the period');
      }
      const job = await call(
        core(),
        'data.exportStart',
        { format, date_from: body.start_date as string, date_to: body.end_date as string },
        EXPORT_FIELDS,
      );
      return { id: job.job };
    },
  },
  {
    method: 'GET',
    path: '/document-export/{id}/poll',
    textId: true,
    handler: async ({ core, req }) => {
      const job = await call(core(), 'data.exportStatus', { job: exportJobOf(req) });
      const skipped = job.skipped.map((s) => `${s.number}: ${s.message}`).join('; ');
      const state = job.state === 'running' ? 'processing' : job.state === 'failed' ? 'fail' : skipped ? 'warning' : 'success';
      const message = job.state === 'failed' ? (job.error ?? '') : skipped ? `Left out: ${skipped}` : '';
      return { id: job.job, state, message };
    },
  },
  {
    // The finished file is served by the data area's own route (it streams from disk, outside the core); the door
    // asks it with the same key the caller was let in with and answers its bytes.
    method: 'GET',
    path: '/document-export/{id}/download',
    textId: true,
    handler: async ({ req, reply }) => {
      const job = exportJobOf(req);
      const res = await req.server.inject({
        method: 'GET',
        url: `/data/exports/${job}/file`,
        headers: { 'x-api-key': String(req.headers['x-api-key']), host: String(req.headers.host ?? '127.0.0.1') },
      });
      if (res.statusCode === 404) throw new FolioError('not_found', 'No finished export under this id (exports are kept for an hour, on a team server for a day)');
      if (res.statusCode !== 200) throw new Error(`export file: ${res.statusCode}`);
      for (const h of ['content-type', 'content-disposition', 'cache-control']) {
        const v = res.headers[h];
        if (typeof v === 'string') reply.header(h, v);
      }
      return res.rawPayload;
    },
  },
];
