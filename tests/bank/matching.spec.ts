// Matching at the size of a busy month: 5,000 open invoices in two blocks that share numbers, and a statement of
// 1,000 entries written so that the test knows what each should match — by the invoice number (with the block
// prefix in several forms, or without it when the amount decides between the blocks), by the amount and the payer's
// name or account, by a sum of several invoices of one client — and entries that are partial payments or match
// nothing. The suggestions must be exactly those, the same after a restart; confirming records each payment once,
// importing the statement again records nothing twice, and the receivables follow.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import { createCore, type Core } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';
import { openDatabase, type OpenedDatabase } from '../../electron/db/open';
import type { BankEntry, BankSuggestion } from '../../shared/contract/areas/bank-types';
import { FIXED_NOW, addressBody, invoiceBody, rawDb, seedSeller, tempDbFile } from '../support/fixtures';
import { taxNumber } from '../import/files';
import { OWN_IBAN, b64, camt053, type TestEntry } from './statements';
import { validIban } from '../support/client-match-keys';

test.setTimeout(240_000);

interface Made {
  id: number;
  prefix: string;
  no: string;
  client: number;
  gross: number;
}

interface Expected {
  reason: BankSuggestion['reason'] | null;
  kind?: BankSuggestion['kind'];
  confident?: boolean;
  invoices?: number[];
}


async function seed(core: Core) {
  const block = (await core.call('blocks.create', { name: 'Második blokk', prefix: 'PFX' })).id;
  const regular: number[] = [];
  for (let c = 0; c < 200; c++) {
    const client = await core.call('clients.create', {
      name: `Vevő ${c} Kft.`,
      tax_type: 'HAS_TAX_NUMBER',
      taxcode: taxNumber(2_000_000 + c * 13),
      billing_address: addressBody(),
      bank: { iban: validIban(c), swift: '', account_no: '' },
    } as never);
    regular.push(client.id);
  }
  const sums: number[] = [];
  for (let c = 0; c < 50; c++) {
    sums.push((await core.call('clients.create', { name: `Összegző ${c} Bt.`, tax_type: 'HAS_TAX_NUMBER', taxcode: taxNumber(3_000_000 + c * 11), billing_address: addressBody() } as never)).id);
  }
  const made: Made[] = [];
  let n = 0;
  const issue = async (client: number, net: number, blockUid: number) => {
    const created = await core.call('invoices.create', invoiceBody(client, { block_uid: blockUid, items: [{ description: 'Munka', vat_id: 1, qty: 1, net_unit_price: net, unit: 'db' }] }) as never);
    made.push({ id: created.id, prefix: blockUid ? 'PFX' : '', no: created.attributes.invoice_no!, client, gross: created.attributes.total });
  };
  // distinct nets: every invoice owes its own amount
  for (let k = 0; k < 24; k++) for (const client of regular) await issue(client, 10_000 + 7 * n++, n % 2 ? block : 0);
  // each "sum" client: four invoices whose amounts no two subsets share (each more than the rest together)
  for (const [c, client] of sums.entries()) for (const base of [10_000, 21_000, 43_000, 87_000]) await issue(client, base + c, block);
  return { made, regular, sums };
}

function statement(made: Made[], regular: number[], sums: number[]) {
  const entries: TestEntry[] = [];
  const expected: Expected[] = [];
  const byClient = (client: number) => made.filter((m) => m.client === client);
  const pfx = made.filter((m) => m.prefix === 'PFX' && regular.includes(m.client));
  const plain = made.filter((m) => m.prefix === '' && regular.includes(m.client));
  const used = new Set<number>();
  const take = (list: Made[], i: number) => {
    const m = list[i]!;
    used.add(m.id);
    return m;
  };
  const add = (e: Omit<TestEntry, 'ref' | 'date' | 'direction'>, x: Expected) => {
    const i = entries.length;
    entries.push({ ref: `E${String(i).padStart(5, '0')}`, date: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`, direction: 'credit', ...e });
    expected.push(x);
  };
  const forms = [(m: Made) => `PFX/${m.no}`, (m: Made) => `Számla: PFX-${m.no} kiegyenlítése`, (m: Made) => `pfx ${m.no.replace('-', '/').replace(/\/0+/, '/')}`];
  for (let i = 0; i < 300; i++) {
    const m = take(pfx, i);
    add({ amount: String(m.gross), name: 'Valaki Más', remittance: forms[i % 3]!(m) }, { reason: 'invoice_number', kind: 'exact', confident: true, invoices: [m.id] });
  }
  // the same number exists in both blocks: written without a prefix, the amount decides
  for (let i = 0; i < 200; i++) {
    const m = take(plain, i);
    add({ amount: String(m.gross), name: 'Valaki Más', remittance: `Számla ${m.no}` }, { reason: 'invoice_number', kind: 'exact', confident: true, invoices: [m.id] });
  }
  for (let i = 300; i < 400; i++) {
    const m = take(pfx, i);
    add({ amount: String(m.gross - 1000), remittance: `PFX/${m.no} részlet` }, { reason: 'invoice_number', kind: 'partial', confident: false, invoices: [m.id] });
  }
  // by the payer's name as banks print it (capitals, no accents, the legal form written out) and the exact amount
  for (let i = 0; i < 150; i++) {
    const client = regular[i]!;
    const m = byClient(client).find((x) => !used.has(x.id))!;
    used.add(m.id);
    add({ amount: String(m.gross), name: `VEVO ${regular.indexOf(client)} KFT`, remittance: 'Köszönjük!' }, { reason: 'amount_and_payer', kind: 'exact', confident: true, invoices: [m.id] });
  }
  // by the payer's account only
  for (let i = 150; i < 200; i++) {
    const client = regular[i]!;
    for (const m of byClient(client).filter((x) => !used.has(x.id)).slice(0, 2)) {
      used.add(m.id);
      add({ amount: String(m.gross), name: 'Ismeretlen Fizető', iban: validIban(i), remittance: 'utalás' }, { reason: 'amount_and_payer', kind: 'exact', confident: true, invoices: [m.id] });
    }
  }
  // a sum of two or three of one client's four invoices
  for (const [c, client] of sums.entries()) {
    const own = byClient(client);
    const picked = c % 2 ? [own[0]!, own[2]!] : [own[0]!, own[1]!, own[3]!];
    add({ amount: String(picked.reduce((s, m) => s + m.gross, 0)), name: `Összegző ${c} Bt.`, remittance: 'több számla' }, { reason: 'sum_of_invoices', kind: 'exact', confident: true, invoices: picked.map((m) => m.id) });
  }
  while (entries.length < 1000) {
    const i = entries.length;
    add({ amount: String(777 + i), name: `Magánszemély ${i}`, remittance: 'kölcsön visszafizetés' }, { reason: null });
  }
  return { entries, expected };
}

function observed(items: BankEntry[]): Map<string, Expected> {
  return new Map(
    items.map((e) => [
      e.bank_ref,
      e.suggestion
        ? { reason: e.suggestion.reason, kind: e.suggestion.kind, confident: e.suggestion.confident, invoices: e.suggestion.invoices.map((i) => i.invoice_id) }
        : { reason: null },
    ]),
  );
}

async function allEntries(core: Core, state: 'open' | 'all' = 'all'): Promise<BankEntry[]> {
  return (await core.call('bankEntries.list', { state, max_per_page: 2000 })).items;
}

test('1,000 entries against 5,000 open invoices: the expected suggestions, the same after a restart, each payment recorded once', async () => {
  const tmp = tempDbFile();
  let opened: OpenedDatabase = await openDatabase(tmp.file);
  let core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
  try {
    await seedSeller(core);
    const { made, regular, sums } = await seed(core);
    expect(made).toHaveLength(5000);
    const { entries, expected } = statement(made, regular, sums);
    expect(entries).toHaveLength(1000);
    const account = (await core.call('bankAccounts.create', { bank_name: 'Teszt Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
    const file = b64(camt053(entries, { version: '08' }));
    expect(await core.call('bankStatements.import', { account_id: account, file })).toMatchObject({ entries: 1000, added: 1000 });

    const before = observed(await allEntries(core));
    const want = new Map(entries.map((e, i) => [e.ref, expected[i]!]));
    for (const [ref, x] of want) expect.soft(before.get(ref), ref).toEqual(x);

    // a restart: the same file, a new core, the same suggestions
    await opened.close();
    opened = await openDatabase(tmp.file);
    core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
    expect(observed(await allEntries(core))).toEqual(before);

    const confident = expected.filter((x) => x.confident).length;
    const result = await core.call('bankEntries.confirmSuggested', {});
    expect(result.confirmed).toBe(confident);
    const payments = () => {
      const db = rawDb(tmp.file, { readonly: true });
      try {
        return (db.prepare('select count(*) as n from invoice_payments').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    const paidInvoices = expected.filter((x) => x.confident).reduce((n, x) => n + x.invoices!.length, 0);
    expect(payments()).toBe(paidInvoices);

    // importing the statement again, also after another restart, records nothing twice and suggests nothing new
    expect(await core.call('bankStatements.import', { account_id: account, file })).toMatchObject({ added: 0, duplicates: 1000 });
    await opened.close();
    opened = await openDatabase(tmp.file);
    core = await createCore({ db: opened.db, clock: fixedClock(FIXED_NOW) });
    expect(await core.call('bankStatements.import', { account_id: account, file })).toMatchObject({ added: 0 });
    expect((await core.call('bankEntries.confirmSuggested', {})).confirmed).toBe(0);
    expect(payments()).toBe(paidInvoices);
    const open = await allEntries(core, 'open');
    expect(open).toHaveLength(1000 - confident);
    // a confirmed payment is the invoice's own: paid, dated the booking date, by transfer
    const first = entries[0]!;
    const paid = await core.call('invoices.get', { id: expected[0]!.invoices![0]! });
    expect(paid.attributes.status).toBe(1);
    expect(paid.attributes.payments).toEqual([expect.objectContaining({ date: first.date, amount: `${first.amount}.000`, payment_method: 2 })]);
  } finally {
    await opened.close();
    rmSync(dirname(tmp.file), { recursive: true, force: true });
  }
});
