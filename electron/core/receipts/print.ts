// A receipt's print (receipts.print): the A4 page the invoices' PDF renderer makes, or a till roll of 58 or 80 mm
// from the roll layout (electron/documents/pos.ts). The renderers are the runtime's (the PDF engine loads with the
// first document), handed to the core like the invoice PDF; the core picks one and names the file.
import { FolioError } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import type { DownloadFile } from '../../../shared/contract/areas/einvoice';
import type { ReceiptPaper } from '../../../shared/contract/areas/receipts';
import { invoicePdfFileName } from '../../documents/file-name';

export interface ReceiptPrinters {
  a4?: (invoice: Resource<InvoiceAttributes>) => Promise<Uint8Array>;
  roll?: (invoice: Resource<InvoiceAttributes>, mm: 58 | 80) => Promise<Uint8Array>;
}

export async function printReceipt(invoice: Resource<InvoiceAttributes>, paper: ReceiptPaper, printers: ReceiptPrinters): Promise<DownloadFile> {
  // drafts are type 0: only an issued receipt (or cancelling receipt) prints from here
  if (invoice.attributes.type !== INVOICE_TYPE.receipt) throw new FolioError('not_found', 'No receipt with this id');
  const name = invoicePdfFileName(invoice.attributes);
  if (paper === 'a4') {
    if (!printers.a4) throw new FolioError('not_available', 'PDF download is not available in this build of Folio');
    return { filename: name, content_type: 'application/pdf', content: await printers.a4(invoice) };
  }
  if (!printers.roll) throw new FolioError('not_available', 'Till-roll printing is not available in this build of Folio');
  const mm = paper === '58' ? 58 : 80;
  return { filename: name.replace(/\.pdf$/, `-${mm}mm.pdf`), content_type: 'application/pdf', content: await printers.roll(invoice, mm) };
}
