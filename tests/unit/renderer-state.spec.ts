// The renderer's state classes that need no DOM, run under Node with their runes compiled by Svelte's own compiler
// (tests/support/svelte-modules.ts): the paged list behind clients, products and expenses, and a form's errors.
import { expect, test } from '@playwright/test';
import type { Page } from '../../shared/contract/operations';
import { ApiError } from '../../renderer/lib/api/errors';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const { PagedList } = await import('../../renderer/lib/state/paged-list.svelte');
const { FieldErrors } = await import('../../renderer/lib/state/field-errors.svelte');
const { i18n } = await import('../../renderer/lib/i18n/i18n.svelte');

/** A fetchPage whose answers the test releases one by one, in any order. */
function controlledFetch() {
  const calls: Array<{ page: number; q: string; answer: (p: Page<string>) => void; fail: (e: unknown) => void }> = [];
  const fetchPage = (page: number, q: string) =>
    new Promise<Page<string>>((answer, fail) => {
      calls.push({ page, q, answer, fail });
    });
  return { calls, fetchPage };
}

const pageOf = (items: string[], page = 1, has_more = false): Page<string> => ({ items, page, max_per_page: 25, has_more });

test('a paged list: loading until the first answer, then its items, page and "more"', async () => {
  const { calls, fetchPage } = controlledFetch();
  const list = new PagedList<string>(fetchPage);
  expect(list.loaded).toBe(false);
  const done = list.load(2);
  expect(list.loading).toBe(true);
  expect(calls.map((c) => c.page)).toEqual([2]);
  calls[0]!.answer(pageOf(['a', 'b'], 2, true));
  await done;
  expect({ items: list.items, page: list.page, hasMore: list.hasMore, loaded: list.loaded, loading: list.loading }).toEqual({
    items: ['a', 'b'], page: 2, hasMore: true, loaded: true, loading: false,
  });
});

test('a paged list shows the answer to the last request, not the last answer: an older, slower search is dropped', async () => {
  const { calls, fetchPage } = controlledFetch();
  const list = new PagedList<string>(fetchPage);
  list.q = 'v';
  const first = list.load(1);
  list.q = ' vevő ';
  const second = list.load(1);
  expect(calls.map((c) => c.q)).toEqual(['v', 'vevő']);
  calls[1]!.answer(pageOf(['Vevő Kft.']));
  await second;
  expect(list.loading).toBe(false);
  calls[0]!.answer(pageOf(['Valami Bt.', 'Vevő Kft.']));
  await first;
  expect(list.items).toEqual(['Vevő Kft.']);
  // An older request that fails does not put an error over the newer answer either.
  const third = list.load(1);
  const fourth = list.load(1);
  calls[3]!.answer(pageOf(['Vevő Kft.']));
  calls[2]!.fail(new Error('offline'));
  await Promise.all([third, fourth]);
  expect(list.error).toBeNull();
});

test('a paged list keeps a failure as an ApiError (the screen shows it with a retry), and a retry clears it', async () => {
  const { calls, fetchPage } = controlledFetch();
  const list = new PagedList<string>(fetchPage);
  const failing = list.load(1);
  calls[0]!.fail(new ApiError('network', 'no connection'));
  await failing;
  expect(list.error?.code).toBe('network');
  expect(list.loaded).toBe(false);
  expect(list.loading).toBe(false);
  const retry = list.load();
  expect(list.error).toBeNull();
  calls[1]!.answer(pageOf(['a']));
  await retry;
  expect(list.items).toEqual(['a']);
  // A renderer bug (not an API error) becomes an "internal" ApiError rather than a blank screen.
  const buggy = list.load();
  calls[2]!.fail(new TypeError('x is undefined'));
  await buggy;
  expect(list.error?.code).toBe('internal');
});

test('typing in the search box asks once, for what was typed last', async () => {
  const { calls, fetchPage } = controlledFetch();
  const list = new PagedList<string>(fetchPage);
  for (const q of ['v', 've', 'vev']) {
    list.q = q;
    list.searchSoon();
  }
  await expect.poll(() => calls.length).toBe(1);
  expect(calls[0]).toMatchObject({ page: 1, q: 'vev' });
});

test('a form’s errors: per field from the core’s envelope, in the UI’s language, cleared one by one', () => {
  i18n.lang = 'hu';
  const errors = new FieldErrors();
  const e = errors.set(new ApiError('validation_failed', 'Invalid input', [{ field: 'items.0.qty', message: 'is required' }, { field: 'name', message: 'is required' }]));
  expect(e.code).toBe('validation_failed');
  expect(errors.has('items')).toBe(true);
  expect(errors.has('item')).toBe(false);
  // The core's English message at the field in Hungarian.
  expect(errors.get('name')).toBe('kötelező');
  errors.clearField('name');
  expect(errors.get('name')).toBeUndefined();
  expect(errors.has('items.0')).toBe(true);
  errors.clear();
  expect(errors.error).toBeNull();
  expect(errors.has('items')).toBe(false);
});

test('a field’s message goes as soon as it is untrue of what the field holds, and leaves the summary with it', () => {
  i18n.lang = 'hu';
  const errors = new FieldErrors();
  errors.set(
    new ApiError('validation_failed', 'Invalid input', [
      { field: 'price', message: 'is not a decimal number' },
      { field: 'seller.taxcode', message: 'is not a valid Hungarian tax number (like 12345676-2-41)' },
      { field: 'qty', message: 'is too large' },
    ]),
  );
  // the seller's form has no tax-number type to choose: its own words
  expect(errors.get('seller.taxcode')).toBe('érvénytelen magyar adószám: a céged adószámát add meg, ahogy a NAV kiadta (pl. 12345676-2-41)');
  expect(errors.get('qty')).toBe('túl nagy szám: legfeljebb 1\u00a0000\u00a0000\u00a0000\u00a0000 lehet');
  // still wrong while typed, gone once right
  errors.recheck('price', '12 500,5,0');
  expect(errors.get('price')).toBeDefined();
  errors.recheck('price', '12 500,50');
  expect(errors.get('price')).toBeUndefined();
  expect(errors.error?.errors.map((f) => f.field)).toEqual(['seller.taxcode', 'qty']);
  errors.recheck('seller.taxcode', '12345676-2-4');
  expect(errors.get('seller.taxcode')).toBeDefined();
  errors.recheck('seller.taxcode', '12345676-2-41');
  errors.recheck('qty', '2000000000000');
  expect(errors.get('qty')).toBeDefined();
  errors.recheck('qty', '1 000,125');
  // nothing left to put right: the refusal goes with its last field
  expect(errors.any).toBe(false);
  expect(errors.error).toBeNull();
});
