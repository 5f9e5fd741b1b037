// The import over the desktop's IPC door: the same contract operation, dispatched as the renderer calls it, previews
// and records a supplier's CII invoice; the same invoice again arrives as a 409 envelope naming the expense.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createDispatcher } from '../../electron/main/dispatch';
import { openTestCore } from '../support/fixtures';
import { EN16931_EXAMPLES } from './reference';

test('expenses.einvoice over IPC: preview, record, then the same file is recognised', async () => {
  test.setTimeout(120_000);
  const t = await openTestCore();
  try {
    const dispatch = createDispatcher({ call: (name, input) => t.core.call(name, input) });
    const file = readFileSync(join(EN16931_EXAMPLES, 'cii', 'huf_example_cii.xml'));
    const input = { file_name: 'dkv.xml', content_base64: file.toString('base64') };
    const preview = (await dispatch('expenses.einvoice', { ...input, preview: true })) as { success: true; data: { saved: boolean; expense: { id: number } } };
    expect(preview).toMatchObject({ success: true, data: { saved: false, expense: { id: 0 } } });
    expect((await t.core.call('expenses.list', {})).items).toHaveLength(0);

    const saved = (await dispatch('expenses.einvoice', input)) as { success: true; data: { saved: boolean; expense: { id: number; attributes: Record<string, unknown> } } };
    expect(saved).toMatchObject({ success: true, data: { saved: true, expense: { attributes: { invoice_no: '21/001003559/996', currency: 'HUF', attachment: { content_type: 'application/xml' } } } } });

    const again = await dispatch('expenses.einvoice', input);
    expect(again).toMatchObject({ success: false, code: 'conflict', errors: [{ reason: 'einvoice_imported_before', meta: { expense_id: String(saved.data.expense.id) } }] });
  } finally {
    await t.close();
  }
});
