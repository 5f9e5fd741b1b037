// Desktop transport: `window.folio.call` (the preload's bridge) over the one IPC channel. The shell answers
// envelopes, never throws, so every failure arrives with its code and field errors.
import type { FolioBridge, ShellInfo } from '../../../shared/contract/bridge';
import { ApiError, isEnvelope } from './errors';
import type { EinvoiceFormat, PdfBlob, PdfKind, Transport } from './transport';

export class IpcTransport implements Transport {
  readonly kind = 'ipc' as const;

  constructor(private readonly bridge: FolioBridge) {}

  async call(name: string, input: unknown): Promise<unknown> {
    let reply;
    try {
      reply = await this.bridge.call(name, input ?? {});
    } catch (e) {
      throw new ApiError('internal', e instanceof Error ? e.message : String(e));
    }
    if (reply && reply.success === true) return reply.data;
    if (isEnvelope(reply)) throw ApiError.fromEnvelope(reply);
    throw new ApiError('bad_reply', 'The desktop shell answered something unexpected');
  }

  async downloadPdf(id: number, kind: PdfKind = 'invoices', lang?: string): Promise<PdfBlob> {
    const operation = kind === 'delivery-notes' ? 'deliveryNotes.download' : `${kind}.download`;
    const file = (await this.call(operation, lang ? { id, lang } : { id })) as { filename: string; pdf: Uint8Array };
    return { filename: file.filename, blob: new Blob([file.pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }) };
  }

  async downloadEinvoice(id: number, format: EinvoiceFormat): Promise<PdfBlob> {
    const file = (await this.call('invoices.einvoice', { id, format })) as { filename: string; content_type: string; content: string | Uint8Array };
    const content = typeof file.content === 'string' ? file.content : (file.content as Uint8Array<ArrayBuffer>);
    return { filename: file.filename, blob: new Blob([content], { type: file.content_type }) };
  }

  async today(): Promise<string> {
    return ((await this.call('shell.info', {})) as ShellInfo).today;
  }
}
