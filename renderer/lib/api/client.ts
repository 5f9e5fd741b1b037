// The typed client: every operation of the contract by name, its input and output types taken from
// shared/contract/operations.ts (types only — no zod in the bundle). Desktop-only `shell.*` operations are typed from
// the preload's bridge declaration.
import type { InputOf, OperationName, OutputOf } from '../../../shared/contract/operations';
import type { ShellOperationName, ShellOperations } from '../../../shared/contract/bridge';
import { ApiError } from './errors';
import type { EinvoiceFormat, PdfBlob, PdfKind, Transport } from './transport';

export class Api {
  constructor(readonly transport: Transport) {}

  get desktop(): boolean {
    return this.transport.kind === 'ipc';
  }

  call<N extends OperationName>(name: N, input: InputOf<N>): Promise<OutputOf<N>> {
    return this.transport.call(name, input) as Promise<OutputOf<N>>;
  }

  shell<N extends ShellOperationName>(name: N, input: ShellOperations[N]['input']): Promise<ShellOperations[N]['output']> {
    if (!this.desktop) return Promise.reject(new ApiError('not_available', `${name} exists only in the desktop app`));
    return this.transport.call(name, input) as Promise<ShellOperations[N]['output']>;
  }

  downloadPdf(id: number, kind: PdfKind = 'invoices', lang?: string): Promise<PdfBlob> {
    return this.transport.downloadPdf(id, kind, lang);
  }

  downloadEinvoice(id: number, format: EinvoiceFormat): Promise<PdfBlob> {
    return this.transport.downloadEinvoice(id, format);
  }

  today(): Promise<string> {
    return this.transport.today();
  }
}
