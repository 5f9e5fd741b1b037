// The clients' bank keys (migration 0072) through sync: a client made on a desktop reaches the remote (SQLite or a
// team server on PostgreSQL) with its keys; clients made and changed on the remote reach the desktop by its pull,
// which keeps their keys in the page's transaction — and the desktop's bank screen finds the payer by the new name.
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../electron/server/start';
import { clientBody, coreInvoice, netItem, seedSeller, serverOptions } from '../support/fixtures';
import { freshPgDatabase } from '../support/postgres';
import { keptKeys, recountKeys, validIban } from '../support/client-match-keys';
import { OWN_IBAN, b64, camt053 } from '../bank/statements';
import { API_KEY, NOW, configure, openDevice, syncOk, tempDir, type Device } from './support/nodes';

for (const database of ['sqlite', 'postgres'] as const)
  test(`a desktop's pull keeps the keys of the clients it brings (${database} remote)`, async () => {
    test.setTimeout(90_000);
    const tmp = tempDir('match-keys');
    let remote: RunningServer | undefined;
    let device: Device | undefined;
    try {
      const target = database === 'postgres' ? { pgUrl: await freshPgDatabase() } : { dbFile: tmp.file('remote.db') };
      remote = await startServer(serverOptions(target, { port: 0, host: '127.0.0.1', auth: { apiKey: API_KEY }, now: NOW, env: { FOLIO_RATES_PREFETCH: 'off' } }));
      await seedSeller(remote.core);
      device = await openDevice('Laptop', tmp.file('device.db'));
      const desk = device.runtime.core;
      await configure(device, remote.url, { block_prefix: 'LAPK' });

      const mine = await desk.call('clients.create', clientBody({ name: 'Asztali Kft.', bank: { iban: validIban(1), account_no: '', swift: '' } }));
      await syncOk(device);
      expect(await keptKeys(remote.core.ctx.db), 'the remote').toEqual(await recountKeys(remote.core.ctx.db));
      expect((await keptKeys(remote.core.ctx.db)).map((r) => r.name_key)).toContain('asztali');

      const theirs = await remote.core.call('clients.create', clientBody({ name: 'Távoli Bt.' }));
      const renamed = (await remote.core.call('clients.list', { q: 'Asztali' } as never)).items[0]!;
      await remote.core.call('clients.update', { id: renamed.id, name: 'Átnevezett Zrt.', bank: { iban: validIban(2), account_no: '' } });
      await remote.core.call('clients.update', { id: theirs.id, bank: { iban: validIban(3), account_no: '' } });
      await syncOk(device);
      const here = await keptKeys(device.opened.db);
      expect(here, 'the desktop after its pull').toEqual(await recountKeys(device.opened.db));
      expect(here.map((r) => r.name_key)).toEqual(expect.arrayContaining(['atnevezett', 'tavoli']));
      expect(here.find((r) => r.client_id === mine.id)).toMatchObject({ name_key: 'atnevezett', iban_key: validIban(2).slice(4, 20) });

      // the desktop's bank screen: a credit from the renamed client's new account and name finds its invoice
      const own = (await desk.call('sync.status', {})).own_block_uid!;
      const owed = await coreInvoice(desk, { client_uid: mine.id, block_uid: own, items: [netItem('10000')] }); // 12 700
      const account = (await desk.call('bankAccounts.create', { bank_name: 'OTP Bank', account_no_iban: OWN_IBAN, currency: 'HUF' })).id;
      await desk.call('bankStatements.import', {
        account_id: account,
        file: b64(camt053([{ ref: 'P1', date: '2026-03-14', amount: '12700', direction: 'credit', name: 'ATNEVEZETT ZRT', remittance: 'köszönjük' }])),
      });
      const entry = (await desk.call('bankEntries.list', { state: 'open' })).items[0]!;
      expect(entry.suggestion).toMatchObject({ reason: 'amount_and_payer', invoices: [expect.objectContaining({ invoice_id: owed.id })] });
    } finally {
      await device?.close();
      await remote?.close();
      tmp.remove();
    }
  });
