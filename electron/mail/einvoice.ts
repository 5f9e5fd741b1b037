// What an invoice's e-mail carries for a client who wants e-invoices (clients.einvoice_format): Factur-X in the
// plain PDF's place (one file that is both), or the UBL / CII XML beside the PDF. Read when the message is queued,
// so the client's current choice counts, like its current address (recipients.ts). The XML comes from the core's
// e-invoice writer, which checks it against the EN 16931 rules: an invoice whose XML fails them is not queued at
// all (the error reaches the one who pressed Send) — an invalid e-invoice is never mailed.
import { documentKindOf } from '../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../shared/resources';
import type { PdfRenderer } from '../core/index';
import type { Db } from '../db/types';
import { attachmentName } from './compose';
import type { EinvoiceMailFormat } from './tables';

/** The message's document part: the PDF attachment, and the XML beside it when there is one. */
export interface MailDocument {
  format: EinvoiceMailFormat;
  pdf: Uint8Array;
  xml?: { name: string; content: Uint8Array };
}

export interface EinvoiceForMail {
  /** what the invoice's message carries: the client's format, 'none' for a proforma */
  formatFor(invoice: Resource<InvoiceAttributes>): Promise<EinvoiceMailFormat>;
  /** the message's documents in that format */
  documents(invoice: Resource<InvoiceAttributes>, plainPdf: PdfRenderer): Promise<MailDocument>;
}

export interface EinvoiceMailDeps {
  db: Db;
  /** the invoice's e-invoice XML, checked against the EN 16931 rules (electron/core/einvoice) */
  xml(invoiceId: number, syntax: 'ubl' | 'cii'): Promise<string>;
  /** the invoice as a Factur-X PDF carrying that CII (electron/documents/facturx.ts) */
  facturx(invoice: Resource<InvoiceAttributes>, cii: string): Promise<Uint8Array>;
}

export function einvoiceForMail(deps: EinvoiceMailDeps): EinvoiceForMail {
  const formatFor = async (invoice: Resource<InvoiceAttributes>): Promise<EinvoiceMailFormat> =>
    carriesEinvoice(invoice.attributes) ? clientFormat(deps.db, invoice.attributes.client_uid) : 'none';
  return {
    formatFor,
    async documents(invoice, plainPdf) {
      const format = await formatFor(invoice);
      if (format === 'none') return { format, pdf: await plainPdf(invoice) };
      if (format === 'facturx') return { format, pdf: await deps.facturx(invoice, await deps.xml(invoice.id, 'cii')) };
      const [pdf, xml] = await Promise.all([plainPdf(invoice), deps.xml(invoice.id, format)]);
      return { format, pdf, xml: { name: xmlAttachmentName(invoice.attributes), content: Buffer.from(xml, 'utf8') } };
    },
  };
}

/**
 * Only an invoice (and its cancelling invoice) has an e-invoice form: a proforma asks for payment, a receipt is no
 * invoice in law, and a draft is never sent.
 */
function carriesEinvoice(a: InvoiceAttributes): boolean {
  const kind = documentKindOf(a);
  return kind === 'invoice' || kind === 'cancelling';
}

async function clientFormat(db: Db, clientId: number): Promise<EinvoiceMailFormat> {
  const row = await db.selectFrom('clients').select('einvoice_format').where('id', '=', clientId).executeTakeFirst();
  const format = row?.einvoice_format;
  return format === 'ubl' || format === 'cii' || format === 'facturx' ? format : 'none';
}

/** The XML beside the PDF is named like it: "Számla-FOL-2026-000123.xml". */
export function xmlAttachmentName(a: InvoiceAttributes): string {
  return attachmentName(a).replace(/\.pdf$/i, '.xml');
}
