// The export operation (GET /invoices/{id}/einvoice?format=…, IPC, /rpc): the format asked for, the checked file.
// Factur-X is the invoice's PDF with the checked CII inside; the PDF engine is handed in (the core renders nothing
// itself), and a build without it answers that format with not_available.
import { EINVOICE_EXPORT_FORMATS, type DownloadFile, type EinvoiceExportFormat } from '../../../shared/contract/areas/einvoice';
import { FolioError } from '../../../shared/errors';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import type { CoreContext } from '../context';
import { createInvoiceQueries } from '../invoices/queries';

/** The writers (UBL, CII: the XML builder) are loaded by the first export, not with the core. */
const writers = () => import('./index');

/** Packs a CII invoice into the invoice's PDF as a Factur-X (electron/documents/facturx.ts). */
export type FacturxRenderer = (invoice: Resource<InvoiceAttributes>, cii: string) => Promise<Uint8Array>;

export function isExportFormat(format: string): format is EinvoiceExportFormat {
  return (EINVOICE_EXPORT_FORMATS as readonly string[]).includes(format);
}

export async function exportEinvoice(
  ctx: CoreContext,
  input: { id: number; format?: string | undefined },
  facturx?: FacturxRenderer,
): Promise<DownloadFile> {
  const format = (input.format ?? 'ubl').trim().toLowerCase();
  if (!isExportFormat(format)) {
    const message = `must be one of ${EINVOICE_EXPORT_FORMATS.join(', ')}`;
    throw new FolioError('rule_violation', `format: ${message}`, [{ field: 'format', message, reason: 'unsupported_format' }]);
  }
  if (format === 'facturx') return facturxFile(ctx, input.id, facturx);
  return (await writers()).einvoiceFile(ctx, input.id, format);
}

async function facturxFile(ctx: CoreContext, id: number, render: FacturxRenderer | undefined): Promise<DownloadFile> {
  if (!render) throw new FolioError('not_available', 'Factur-X needs the PDF engine, which this build of Folio does not have');
  // the CII first: an invoice without an e-invoice (a draft, a proforma) or one failing the rules stops here
  const { einvoiceFile, einvoiceFileName } = await writers();
  const cii = await einvoiceFile(ctx, id, 'cii');
  const invoice = await createInvoiceQueries(ctx).read(id);
  const number = invoice.attributes.prefixed_invoice_no ?? invoice.attributes.invoice_no ?? String(id);
  return { filename: einvoiceFileName(number, 'facturx'), content_type: 'application/pdf', content: await render(invoice, cii.content) };
}
