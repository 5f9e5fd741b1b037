// Valid request bodies the fault tests and benchmarks issue with. Each invoice's comment carries `lines=<n>` so the
// invariant check can tell that every line of it was committed. Light on purpose (no server code): the issuer
// worker bundles this module and must start in milliseconds.
import { addDays } from '../../../shared/dates';

export type InvoiceType = 0 | 1 | 3;

/** The business moment of the fault suites' servers (FOLIO_NOW of the `serve` processes, the in-process clocks). */
export const BUSINESS_NOW = '2026-03-15T10:00:00+01:00';
export const BUSINESS_DAY = '2026-03-15';

/**
 * The seller the fault suites' databases issue as: an invoice is numbered only for a seller with a name, a full
 * address and a valid tax number (electron/core/invoices/legal/rules.ts). Set with settings.update / PUT /settings.
 */
export const SELLER = {
  name: 'Hibatűrés Kft.',
  taxcode: '23456787-2-41',
  address: { postcode: '1051', city: 'Budapest', street_name: 'Október 6.', street_type: 'utca', house_nr: '7', country: 'Magyarország' },
};

/** A Hungarian company buyer as an invoice needs it: full address, a valid tax number that is not the seller's. */
export function buyerBody(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    tax_type: 'HAS_TAX_NUMBER',
    taxcode: '12345676-2-41',
    billing_address: { postcode: '1011', city: 'Budapest', street_name: 'Fő', street_type: 'utca', house_nr: '1', country: 'HU' },
    ...over,
  };
}

export interface Rng {
  (): number;
}

/** mulberry32: a small seeded PRNG, so a failing run can be replayed from its printed seed. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/**
 * Wire transfer (2) starts unpaid; cash (1) is an advance-paid method, created paid. Fulfilled five days before
 * `today` (the issuing server's business day), due three days after it: never due before it is issued.
 */
export function invoiceBody(
  r: Rng,
  o: { clientId: number; type: InvoiceType; blockId?: number; lines?: number; paymentMethod?: number; today?: string },
) {
  const today = o.today ?? BUSINESS_DAY;
  const lines = o.lines ?? 1 + Math.floor(r() * 4);
  const items = Array.from({ length: lines }, (_, i) => ({
    description: `Tétel ${i + 1} – szolgáltatás`,
    vat_id: pick(r, ['1', '2', '3', '7']),
    qty: pick(r, ['1', '2', '0.5', '3.25']),
    ...(r() < 0.8 ? { net_unit_price: String(100 + Math.floor(r() * 50_000)) } : { gross_unit_price: String(127 + Math.floor(r() * 50_000)) }),
    unit: 'db',
  }));
  return {
    client_uid: o.clientId,
    payment_method: o.paymentMethod ?? (r() < 0.2 ? 1 : 2),
    currency: 'HUF',
    type: o.type,
    fulfillment_date: addDays(today, -5),
    due_date: addDays(today, 3),
    block_uid: o.blockId ?? 0,
    comment: `lines=${lines}`,
    items,
  };
}

/** The benchmark's invoice: 3 fixed lines, wire transfer, default block; dated as invoiceBody's. */
export function benchInvoice(clientId: number, today = BUSINESS_DAY) {
  return {
    client_uid: clientId,
    payment_method: 2,
    currency: 'HUF',
    type: 3 as const,
    fulfillment_date: addDays(today, -5),
    due_date: addDays(today, 3),
    comment: 'lines=3',
    items: [
      { description: 'Consulting', vat_id: '1', qty: '2', net_unit_price: '15000', unit: 'óra' },
      { description: 'Licence', vat_id: '1', qty: '1', net_unit_price: '49990', unit: 'db' },
      { description: 'Book', vat_id: '2', qty: '3', net_unit_price: '4500', unit: 'db' },
    ],
  };
}
