// Two partial PUTs of one record at the same time, each changing a different field, must both survive over HTTP too
// (the server answers requests concurrently; the core merges each update into the record as its write transaction
// finds it). Several rounds, since two requests reach the core in an order the test does not choose.
import { expect, test } from '@playwright/test';
import { createProduct, serverPerFile } from '../support/fixtures';

const s = serverPerFile();
const ROUNDS = 5;

test('product: PUTs of its name and of its price at once both stick', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const id = await createProduct(s.api);
    const answers = await Promise.all([
      s.api.put(`/products/${id}`, { name: `Új név ${round}` }),
      s.api.put(`/products/${id}`, { price: 4000 + round }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const a = (await s.api.ok('GET', `/products/${id}`)).data.attributes;
    expect(a.name).toBe(`Új név ${round}`);
    expect(Number(a.price)).toBe(4000 + round);
  }
});

test('expense: PUTs of its name and of its invoice number at once both stick', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const id = (await s.api.ok('POST', '/expenses', { body: { categories_id: 3, name: 'Bérlet', gross_price: 127000 } })).data.id;
    const answers = await Promise.all([
      s.api.put(`/expenses/${id}`, { name: `Irodabérlet ${round}` }),
      s.api.put(`/expenses/${id}`, { invoice_no: `SZ-${round}` }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const a = (await s.api.ok('GET', `/expenses/${id}`)).data.attributes;
    expect(a).toMatchObject({ name: `Irodabérlet ${round}`, invoice_no: `SZ-${round}` });
  }
});
