// Diagnosis only (issue 41): `serve` under --cpu-prof answering N creates of one door, to compare where v2's and
// v3's creates spend their time. node --import tsx tests/bench/v3-profile.ts <v2|v3> <n> <profile dir>
import { ensureNodeBuilt } from '../../scripts/build-node.mjs';
import { call } from '../fault/support/http';
import { startChild, tempDir } from '../fault/support/procs';
import { SERVE_ENTRY } from '../support/built';
import { BUSINESS_NOW, SELLER, benchInvoice, buyerBody } from '../fault/support/bodies';

const [door = 'v3', n = '500', dir = '/tmp'] = process.argv.slice(2);
const KEY = 'core-bench-key-0123456789abcdef';
await ensureNodeBuilt();
const tmp = tempDir('v3-profile');
const child = startChild(['--cpu-prof', `--cpu-prof-dir=${dir}`, SERVE_ENTRY, '--db', tmp.file('folio.db'), '--port', '0'], { FOLIO_API_KEY: KEY, FOLIO_NOW: BUSINESS_NOW });
const server = Object.assign(child, { url: (await child.waitFor(/^listening on (http:\/\/\S+)/, 60_000))[1]! });
await call(server.url, 'PUT', '/settings', { key: KEY, body: { seller: SELLER } });
try {
  const client = await call(server.url, 'POST', '/clients', { key: KEY, body: buyerBody('HTTP Bench Kft.') });
  const partner = await call(server.url, 'POST', '/v3/partners', {
    key: KEY,
    body: { name: 'HTTP Bench v3 Kft.', address: { country_code: 'HU', post_code: '1011', city: 'Budapest', address: 'Fő utca 1.' }, taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER' },
  });
  const v2 = benchInvoice((client.body as { data: { id: number } }).data.id);
  const v3 = {
    partner_id: (partner.body as { id: number }).id, block_id: 0, type: 'invoice', fulfillment_date: v2.fulfillment_date, due_date: v2.due_date,
    payment_method: 'wire_transfer', language: 'hu', currency: 'HUF', comment: v2.comment,
    items: [
      { name: 'Consulting', unit_price: 15000, unit_price_type: 'net', quantity: 2, unit: 'óra', vat: '27%' },
      { name: 'Licence', unit_price: 49990, unit_price_type: 'net', quantity: 1, unit: 'db', vat: '27%' },
      { name: 'Book', unit_price: 4500, unit_price_type: 'net', quantity: 3, unit: 'db', vat: '5%' },
    ],
  };
  // door 'both': bursts of each in turn on the one server, as the core section measures them
  const burst = async (path: string, body: unknown, total: number) => {
    let sent = 0;
    const t = performance.now();
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (sent < total) {
        sent++;
        const res = await call(server.url, 'POST', path, { key: KEY, body });
        if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${res.text.slice(0, 200)}`);
      }
    }));
    return Math.round((sent / (performance.now() - t)) * 1000);
  };
  // PREFILL=n: n v2 creates first, as the core section makes before it measures
  if (process.env.PREFILL) console.log(`prefill v2 ${await burst('/invoices', v2, Number(process.env.PREFILL))}/s`);
  if (door === 'both') {
    for (let round = 0; round < 3; round++) {
      console.log(`v2 ${await burst('/invoices', v2, Number(n))}/s, v3 ${await burst('/v3/documents', v3, Number(n))}/s`);
    }
  } else console.log(`${door}: ${await burst(door === 'v2' ? '/invoices' : '/v3/documents', door === 'v2' ? v2 : v3, Number(n))}/s`);
} finally {
  await server.kill('SIGINT');
  tmp.remove();
}
