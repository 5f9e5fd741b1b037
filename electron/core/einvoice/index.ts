// E-invoices of issued invoices: the EN 16931 model of a stored invoice, written as UBL or CII and checked against
// the official rules before it is handed out. A file that fails a fatal rule never leaves Folio: that is a bug in
// the mapping, reported as an internal error naming the rules.
import { FolioError } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes } from '../../../shared/resources';
import type { CoreContext } from '../context';
import { createInvoiceQueries } from '../invoices/queries';
import { ciiXmlOf } from './cii';
import { buildEinvoiceModel, EinvoiceModelError, EinvoiceUnsupportedError, type EinvoiceClientFields, type EinvoiceModel } from './model';
import { fatalFailures, validateEn16931, type EinvoiceSyntax, type RuleFailure } from './rules';
import { ublXmlOf } from './ubl';

export type { EinvoiceSyntax, RuleFailure };
export { validateEn16931 } from './rules';

export const EINVOICE_FORMATS = ['ubl', 'cii'] as const;

export interface EinvoiceFile {
  filename: string;
  content_type: string;
  content: string;
}

/** The model of an invoice resource; a draft, a proforma or a receipt (nyugta: no invoice in law) has none (422). */
export function einvoiceModel(invoice: InvoiceAttributes, client: EinvoiceClientFields): EinvoiceModel {
  if (invoice.type !== INVOICE_TYPE.invoice || !invoice.invoice_no) {
    throw new FolioError('rule_violation', 'Only issued invoices have e-invoices: a draft, a proforma or a receipt is not an invoice', [
      { field: 'id', message: 'only issued invoices have e-invoices', reason: 'not_issued' },
    ]);
  }
  try {
    return buildEinvoiceModel(invoice, client);
  } catch (e) {
    if (e instanceof EinvoiceUnsupportedError) {
      throw new FolioError('rule_violation', `No e-invoice can be made of this invoice: ${e.message}`, [{ field: e.field, message: e.message, reason: e.reason }]);
    }
    if (e instanceof EinvoiceModelError) throw new FolioError('internal', `The e-invoice could not be made: ${e.message}`);
    throw e;
  }
}

export function writeEinvoice(model: EinvoiceModel, syntax: EinvoiceSyntax): string {
  return syntax === 'ubl' ? ublXmlOf(model) : ciiXmlOf(model);
}

/** Throws the internal error that a file failing the rules is: never handed out. */
export function assertValid(syntax: EinvoiceSyntax, number: string, failures: RuleFailure[]): void {
  const fatal = fatalFailures(failures);
  if (!fatal.length) return;
  const ids = [...new Set(fatal.map((f) => f.id))];
  throw new FolioError(
    'internal',
    `Folio made an e-invoice (${syntax.toUpperCase()}) of ${number} that fails the EN 16931 rules ${ids.join(', ')}: this is a bug, the file was not handed out`,
    fatal.map((f) => ({ field: 'einvoice', message: `${f.id}: ${f.text} (${f.location})`, reason: f.id })),
  );
}

/** The client's e-invoice fields as stored now (the invoice's snapshot predates them). */
async function clientFields(ctx: CoreContext, clientId: number): Promise<EinvoiceClientFields> {
  const row = await ctx.db.selectFrom('clients').select(['buyer_reference']).where('id', '=', clientId).executeTakeFirst();
  return { buyer_reference: row?.buyer_reference ?? null };
}

/** The checked e-invoice of a stored invoice, as XML text. */
export async function einvoiceXml(ctx: CoreContext, invoiceId: number, syntax: EinvoiceSyntax): Promise<string> {
  return (await einvoiceFile(ctx, invoiceId, syntax)).content;
}

export async function einvoiceFile(ctx: CoreContext, invoiceId: number, syntax: EinvoiceSyntax): Promise<EinvoiceFile> {
  const invoice = (await createInvoiceQueries(ctx).read(invoiceId)).attributes;
  return einvoiceFileOf(invoice, await clientFields(ctx, invoice.client_uid), syntax);
}

export async function einvoiceFileOf(invoice: InvoiceAttributes, client: EinvoiceClientFields, syntax: EinvoiceSyntax): Promise<EinvoiceFile> {
  const model = einvoiceModel(invoice, client);
  const xml = writeEinvoice(model, syntax);
  assertValid(syntax, model.number, await validateEn16931(syntax, xml));
  return { filename: einvoiceFileName(model.number, syntax), content_type: 'application/xml', content: xml };
}

/** "2026-000042-ubl.xml": the number made safe for a file name, and the syntax ("2026-000042-facturx.pdf"). */
export function einvoiceFileName(number: string, syntax: EinvoiceSyntax | 'facturx'): string {
  const safe = number.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'invoice';
  return `${safe}-${syntax}.${syntax === 'facturx' ? 'pdf' : 'xml'}`;
}
