// The seller's VAT status and the public address share links are made with: small rules the core, the documents,
// the NAV report and the UI all read the same way.
import type { VatStatus } from './resources';

/**
 * The VAT status an invoice's seller snapshot (or a stored profile) says. Snapshots from before the status existed
 * carry only `vat_exempt`: true meant subjectively exempt, false the normal scheme.
 */
export function vatStatusOf(seller: { vat_status?: VatStatus | undefined; vat_exempt?: boolean | undefined } | null | undefined): VatStatus {
  if (seller?.vat_status === 'exempt' || seller?.vat_status === 'cash_accounting' || seller?.vat_status === 'normal') return seller.vat_status;
  return seller?.vat_exempt ? 'exempt' : 'normal';
}

/** The VAT code an exempt seller's new lines start with: AAM, "alanyi adómentes" (shared/reference/vat-codes.ts). */
export const EXEMPT_VAT_ID = '7';
/** The VAT code everyone else's new lines start with: 27 %. */
export const NORMAL_VAT_ID = '1';

export function defaultVatIdFor(status: VatStatus): string {
  return status === 'exempt' ? EXEMPT_VAT_ID : NORMAL_VAT_ID;
}

/**
 * "https://folio.example.hu/" → "https://folio.example.hu": an http(s) address with a host and no query or fragment
 * (a link is appended to it), without its trailing slashes; null when it is not one.
 */
export function normalizePublicBaseUrl(raw: string): string | null {
  const text = raw.trim();
  if (!/^https?:\/\/[^\s/?#]+/i.test(text) || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.search || url.hash || url.username || url.password) return null;
  return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
}

/** The address a customer opens to see a shared invoice. */
export function shareLinkOf(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/access/c:${code}`;
}
