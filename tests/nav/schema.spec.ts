// The schema check itself: NAV's official samples pass and a misnamed element fails, under whichever xmllint the
// tests use (the binary on PATH, else its WebAssembly build) and under the WebAssembly build forced, which a machine
// without xmllint relies on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { NAV_REFERENCE_DIR, validateNavXml } from './schema';

const sample = (name: string) => readFileSync(join(NAV_REFERENCE_DIR, 'samples', name), 'utf8');
const SAMPLES = [
  { kind: 'data', name: 'Belfoldi-devizas-szamla.xml' },
  { kind: 'data', name: 'Modositas-es-ervenytelenites-1.xml' },
  { kind: 'api', name: 'api-manageInvoice.xml' },
] as const;
const misnamed = () =>
  sample('Belfoldi-termekertekesites.xml').replace('<invoiceNumber>', '<invoiceNumberX>').replace('</invoiceNumber>', '</invoiceNumberX>');

for (const mode of ['default', 'wasm'] as const) {
  test.describe(`xmllint (${mode})`, () => {
    test.beforeEach(() => {
      if (mode === 'wasm') process.env.FOLIO_TEST_XMLLINT = 'wasm';
    });
    test.afterEach(() => {
      delete process.env.FOLIO_TEST_XMLLINT;
    });

    test('NAV’s samples validate', async () => {
      for (const { kind, name } of SAMPLES) {
        const result = await validateNavXml(kind, sample(name));
        if (mode === 'wasm') expect(result.by).toBe('xmllint-wasm');
        expect({ name, ...result, by: undefined }).toEqual({ name, ok: true, errors: '', by: undefined });
      }
    });

    test('a misnamed element fails, with libxml2’s message', async () => {
      const result = await validateNavXml('data', misnamed());
      expect(result.ok).toBe(false);
      expect(result.errors).toContain("Element '{http://schemas.nav.gov.hu/OSA/3.0/data}invoiceNumberX': This element is not expected.");
    });
  });
}
