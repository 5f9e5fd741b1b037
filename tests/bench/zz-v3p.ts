import { startChild, tempDir } from '../fault/support/procs';
import { SERVE_ENTRY } from '../support/built';
import { call } from '../fault/support/http';
import { BUSINESS_NOW, SELLER, benchInvoice, buyerBody } from '../fault/support/bodies';
const KEY = 'core-bench-key-0123456789abcdef';
const which = process.argv[2]!;
const tmp = tempDir('p');
const child = startChild(['--cpu-prof', `--cpu-prof-dir=/tmp/prof-${which}`, SERVE_ENTRY, '--db', tmp.file('f.db'), '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_NOW: BUSINESS_NOW });
const url = (await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000))[1]!;
await call(url, 'PUT', '/settings', { key: KEY, body: { seller: SELLER } });
const partner = await call(url, 'POST', '/v3/partners', { key: KEY, body: { name: 'P Kft.', address: { country_code: 'HU', post_code: '1011', city: 'Budapest', address: 'Fő utca 1.' }, taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER' } });
const doc = { partner_id: (partner.body as any).id, block_id: 0, type: 'invoice', fulfillment_date: '2026-03-10', due_date: '2026-03-20', payment_method: 'wire_transfer', language: 'hu', currency: 'HUF', comment: 'x',
  items: [
      { name: 'Consulting', unit_price: 15000, unit_price_type: 'net', quantity: 2, unit: 'óra', vat: '27%' },
      { name: 'Licence', unit_price: 49990, unit_price_type: 'net', quantity: 1, unit: 'db', vat: '27%' },
      { name: 'Book', unit_price: 4500, unit_price_type: 'net', quantity: 3, unit: 'db', vat: '5%' },
    ] };
const client = await call(url, 'POST', '/clients', { key: KEY, body: buyerBody('HTTP Bench Kft.') });
const body = benchInvoice((client.body as any).data.id);
async function burst(path: string, b: unknown, n: number, inflight: number) {
  let sent = 0; const t = performance.now();
  await Promise.all(Array.from({ length: inflight }, async () => { while (sent < n) { sent++; const r = await call(url, 'POST', path, { key: KEY, body: b }); if (r.status >= 300) throw new Error(r.text); } }));
  return Math.round(n / (performance.now() - t) * 1000);
}
console.log(which, which === 'v3' ? await burst('/v3/documents', doc, 550, 16) : await burst('/invoices', body, 550, 16));


await child.kill();
