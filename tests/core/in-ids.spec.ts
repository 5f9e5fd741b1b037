// A long list of ids as one bound value (electron/db/portable.ts inIds): the reminder pass asks which of the window's
// invoices were already reminded with every id of the window. SQLite takes at most 32,766 placeholders in one
// statement, so a window past that many invoices failed with "too many SQL variables"; the list now goes as one JSON
// array on SQLite and one array on PostgreSQL, whatever its length.
import { expect, test } from '@playwright/test';
import { inIds } from '../../electron/db/portable';
import { buyerBody } from '../fault/support/bodies';
import { openTestCore, type TestCore } from '../support/fixtures';

let tc: TestCore;
test.beforeEach(async () => {
  tc = await openTestCore();
});
test.afterEach(async () => {
  await tc?.close();
});

const clientIdsWhere = async (ids: number[]) =>
  (await tc.opened.db.selectFrom('clients').select('id').where(inIds(tc.opened.db, 'id', ids)).orderBy('id').execute()).map((r) => r.id);

test('a list of 40,000 ids finds exactly the rows among them', async () => {
  const a = await tc.core.call('clients.create', buyerBody('Első Kft.'));
  const b = await tc.core.call('clients.create', buyerBody('Második Kft.'));
  const c = await tc.core.call('clients.create', buyerBody('Harmadik Kft.'));
  // ids that exist nowhere around two that do; the third client is left out
  const ids = Array.from({ length: 40_000 }, (_, i) => c.id + 1 + i);
  ids.splice(12_345, 0, b.id);
  ids.push(a.id);
  expect(await clientIdsWhere(ids)).toEqual([a.id, b.id]);
});

test('a short list and an empty one', async () => {
  const a = await tc.core.call('clients.create', buyerBody('Egy Kft.'));
  expect(await clientIdsWhere([a.id])).toEqual([a.id]);
  expect(await clientIdsWhere([])).toEqual([]);
});
