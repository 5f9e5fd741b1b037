// The export operation (GET /invoices/{id}/einvoice?format=…, IPC, /rpc): the format asked for, the checked file.
import { EINVOICE_EXPORT_FORMATS, type DownloadFile } from '../../../shared/contract/areas/einvoice';
import { FolioError } from '../../../shared/errors';
import type { CoreContext } from '../context';
import { einvoiceFile } from './index';
import type { EinvoiceSyntax } from './rules';

export function isExportFormat(format: string): format is EinvoiceSyntax {
  return (EINVOICE_EXPORT_FORMATS as readonly string[]).includes(format);
}

export async function exportEinvoice(ctx: CoreContext, input: { id: number; format?: string | undefined }): Promise<DownloadFile> {
  const format = (input.format ?? 'ubl').trim().toLowerCase();
  if (!isExportFormat(format)) {
    const message = `must be one of ${EINVOICE_EXPORT_FORMATS.join(', ')}`;
    throw new FolioError('rule_violation', `format: ${message}`, [{ field: 'format', message, reason: 'unsupported_format' }]);
  }
  return einvoiceFile(ctx, input.id, format);
}
