// The modifying invoice as the UI builds it (renderer/lib/modification.ts): the chain's lines as the core numbers
// them and as earlier modifications left them, the request's items from what is typed, their preview priced by
// shared/totals.ts, and the core's item errors moved to the inputs they came from.
import { expect, test } from '@playwright/test';
import { registerSvelteModules } from '../support/svelte-modules';

registerSvelteModules();
const mod = await import('../../renderer/lib/modification');

const item = (description: string, qty: string, price: string, modifies_line: number | null = null) => ({
  description,
  qty,
  unit: 'db',
  net_unit_price: price,
  vat_id: '1',
  entitlement: null,
  modifies_line,
});

test('chain lines: the original\'s, then each modification\'s new lines, with earlier changes applied', () => {
  const original = { items: [item('Tanácsadás', '3.000', '10000.000'), item('Szoftver', '1.000', '50000.000')] };
  const first = { modification_index: 1, items: [item('Tanácsadás', '-1.000', '10000.000', 1), item('Kiszállás', '2.000', '5000.000')] };
  const second = { modification_index: 2, items: [item('Szoftver', '1.000', '-5000.000', 2)] };
  const lines = mod.chainLines(original, [second, first]);
  expect(lines.map((l) => [l.n, l.description, l.qty, l.net_unit_price])).toEqual([
    [1, 'Tanácsadás', '2', '10000.000'],
    [2, 'Szoftver', '1.000', '45000'],
    [3, 'Kiszállás', '2.000', '5000.000'],
  ]);
});

test('items: a quantity change at the line\'s price, a price change for the new quantity, new lines', () => {
  const lines = mod.chainLines({ items: [item('Tanácsadás', '10', '10000')] }, []);
  const items = mod.modificationItems(lines, { 1: { qty: '−2', price: '-500' } }, [{ key: 1, description: 'Kiszállás', qty: '1', unit: 'alkalom', price: '15 000', vat_id: '1' }]);
  expect(items.map((i) => [i.field, i.item.modifies_line, i.item.qty, i.item.net_unit_price])).toEqual([
    ['change.1.qty', 1, '-2', '10000'],
    ['change.1.price', 1, '8', '-500'],
    ['new.0', undefined, '1', '15000'],
  ]);
  // untouched or zero changes make no item
  expect(mod.modificationItems(lines, { 1: { qty: '0', price: '' } }, [])).toEqual([]);

  // −20 000 − 4 000 + 15 000 = −9 000 net, 27 %: −11 430; 127 000 before
  const preview = mod.previewModification(items, 'HUF', 0, '127000.000');
  expect(preview.totals.net).toBe('-9000.000');
  expect(preview.totals.total).toBe('-11430.000');
  expect(preview.resulting).toBe('115570.000');
  expect(preview.incomplete).toBe(false);
});

test('the core\'s item errors go to the inputs they came from', () => {
  const lines = mod.chainLines({ items: [item('A', '1', '100')] }, []);
  const items = mod.modificationItems(lines, { 1: { qty: '1', price: '' } }, [{ key: 1, description: '', qty: '0', unit: '', price: '1', vat_id: '1' }]);
  expect(mod.formFieldOf('items.0.modifies_line', items)).toBe('change.1.qty');
  expect(mod.formFieldOf('items.1.qty', items)).toBe('new.0.qty');
  expect(mod.formFieldOf('items.1.net_unit_price', items)).toBe('new.0.price');
  expect(mod.formFieldOf('items.1', items)).toBe('new.0.price');
  expect(mod.formFieldOf('reason', items)).toBe('reason');
});
