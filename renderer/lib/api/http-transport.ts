// Browser transport: POST /rpc/<operation> with the JSON input and the API key; the server answers
// {success:true, data} or the error envelope. The PDF comes from GET /invoices/:id/download (the REST route),
// today's date from the public GET /time. On a server of several companies every request names the chosen company
// in the X-Folio-Company header (docs/companies.md), and the directory's own routes are reached through `rest`.
import { ApiError, isEnvelope } from './errors';
import { COMPANY_HEADER } from '../../../shared/directory';
import { localToday, type EinvoiceFormat, type PdfBlob, type PdfKind, type Transport } from './transport';

export interface HttpTransportOptions {
  key: () => string | null;
  /** called when the server refuses the key, so the UI can ask for it again */
  onUnauthorized: () => void;
  /** the company chosen on a server of several companies; null: none named (a single-company server) */
  company?: () => string | null;
  base?: string;
}

export class HttpTransport implements Transport {
  readonly kind = 'http' as const;

  constructor(private readonly options: HttpTransportOptions) {}

  private url(path: string): string {
    return new URL(path, this.options.base ?? document.baseURI).toString();
  }

  private async send(path: string, init: RequestInit, keyOverride?: string): Promise<Response> {
    const key = keyOverride ?? this.options.key();
    const company = this.options.company?.() ?? null;
    try {
      return await fetch(this.url(path), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...(key ? { 'X-API-KEY': key } : {}), ...(company ? { [COMPANY_HEADER]: company } : {}) },
        cache: 'no-store',
      });
    } catch {
      throw new ApiError('network', 'Folio cannot be reached');
    }
  }

  private async fail(res: Response, keyOverride?: string): Promise<never> {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    const error = isEnvelope(body)
      ? ApiError.fromEnvelope(body, res.status)
      : new ApiError(res.status === 401 ? 'unauthorized' : 'bad_reply', `HTTP ${res.status}`, [], res.status);
    // A key being tried out (the key screen) reports its own failure; a stored key that stops working asks again.
    if (error.code === 'unauthorized' && keyOverride === undefined) this.options.onUnauthorized();
    throw error;
  }

  async call(name: string, input: unknown, keyOverride?: string): Promise<unknown> {
    const res = await this.send(
      `rpc/${encodeURIComponent(name)}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) },
      keyOverride,
    );
    if (!res.ok) return this.fail(res, keyOverride);
    const body = (await res.json().catch(() => undefined)) as { success?: boolean; data?: unknown } | undefined;
    if (!body || body.success !== true) throw new ApiError('bad_reply', 'The server answered something unexpected');
    return body.data;
  }

  /**
   * A JSON route outside the operations (the directory of a server of several companies): its `data`, or the
   * envelope's error. A key being tried out is passed as `keyOverride`, as for `call`.
   */
  async rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, keyOverride?: string): Promise<unknown> {
    const init: RequestInit = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const res = await this.send(path, init, keyOverride);
    if (!res.ok) return this.fail(res, keyOverride);
    const answer = (await res.json().catch(() => undefined)) as { success?: boolean; data?: unknown } | undefined;
    if (!answer || answer.success !== true) throw new ApiError('bad_reply', 'The server answered something unexpected');
    return answer.data;
  }

  async downloadPdf(id: number, kind: PdfKind = 'invoices', lang?: string): Promise<PdfBlob> {
    const fallback = `${kind === 'quotes' ? 'quote' : kind === 'delivery-notes' ? 'document' : 'invoice'}-${id}.pdf`;
    return this.file(`${kind}/${encodeURIComponent(String(id))}/download${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`, fallback);
  }

  async downloadEinvoice(id: number, format: EinvoiceFormat): Promise<PdfBlob> {
    const fallback = `invoice-${id}${format === 'facturx' ? '-facturx.pdf' : `-${format}.xml`}`;
    return this.file(`invoices/${encodeURIComponent(String(id))}/einvoice?format=${format}`, fallback);
  }

  /** A file from a GET route, named by its Content-Disposition. */
  private async file(path: string, fallbackName: string): Promise<PdfBlob> {
    const res = await this.send(path, { method: 'GET' });
    if (!res.ok) return this.fail(res);
    const disposition = res.headers.get('content-disposition') ?? '';
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
    const plain = /filename="([^"]+)"/i.exec(disposition);
    const filename = star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? fallbackName);
    return { filename, blob: await res.blob() };
  }

  async today(): Promise<string> {
    try {
      const res = await this.send('time', { method: 'GET' });
      // `today` is the business date (the server's business clock); `time` is its real clock, for older servers.
      const body = (await res.json()) as { data?: { time?: string; today?: string } };
      const day = body.data?.today ?? body.data?.time?.slice(0, 10);
      return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : localToday();
    } catch {
      return localToday();
    }
  }
}
