// The invoice the v2 and v3 create benchmarks send (core-bench's httpCreate and the v3 diagnosis scripts): one buyer
// as a v2 client and as a v3 partner on a running `serve`, and the same invoice as a v2 body and a v3 DocumentInsert
// (same lines, rates and dates), so the two doors are compared on the same work.
import { call } from '../fault/support/http';
import { benchInvoice, buyerBody } from '../fault/support/bodies';

/** The same invoice as benchInvoice, as a v3 DocumentInsert. */
export function benchDocument(partnerId: number) {
  const v2 = benchInvoice(0);
  return {
    partner_id: partnerId,
    block_id: 0,
    type: 'invoice',
    fulfillment_date: v2.fulfillment_date,
    due_date: v2.due_date,
    payment_method: 'wire_transfer',
    language: 'hu',
    currency: 'HUF',
    comment: v2.comment,
    items: [
      { name: 'Consulting', unit_price: 15000, unit_price_type: 'net', quantity: 2, unit: 'óra', vat: '27%' },
      { name: 'Licence', unit_price: 49990, unit_price_type: 'net', quantity: 1, unit: 'db', vat: '27%' },
      { name: 'Book', unit_price: 4500, unit_price_type: 'net', quantity: 3, unit: 'db', vat: '5%' },
    ],
  };
}

/** Creates the buyer through both doors of the server at `url`; the v2 body and the v3 document that bill it. */
export async function createBodies(url: string, key: string) {
  const client = await call(url, 'POST', '/clients', { key, body: buyerBody('HTTP Bench Kft.') });
  const partner = await call(url, 'POST', '/v3/partners', {
    key,
    body: { name: 'HTTP Bench v3 Kft.', address: { country_code: 'HU', post_code: '1011', city: 'Budapest', address: 'Fő utca 1.' }, taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER' },
  });
  if (partner.status !== 201) throw new Error(`v3 partner: ${partner.status}`);
  return { v2: benchInvoice((client.body as { data: { id: number } }).data.id), v3: benchDocument((partner.body as { id: number }).id) };
}
