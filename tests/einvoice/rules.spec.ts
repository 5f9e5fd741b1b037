// The shipped EN 16931 rules, run by Folio's own validator, on the official example invoices: each passes, and the
// same invoice with its amount due changed fails BR-CO-16 (amount due = total with VAT − paid + rounding).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fatalFailures, validateEn16931, type EinvoiceSyntax } from '../../electron/core/einvoice/rules';
import { EN16931_EXAMPLES } from './reference';

const EXAMPLES = EN16931_EXAMPLES;

// The first check of a syntax may compile the rules (≈ 15 s each on a cold cache).
test.describe.configure({ timeout: 120_000 });

for (const syntax of ['ubl', 'cii'] as EinvoiceSyntax[]) {
  const dir = join(EXAMPLES, syntax);
  const files = readdirSync(dir).filter((f) => /\.xml$/i.test(f));

  test(`every official ${syntax.toUpperCase()} example passes the rules`, async () => {
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const failures = await validateEn16931(syntax, readFileSync(join(dir, file), 'utf8'));
      expect(fatalFailures(failures), file).toEqual([]);
    }
  });

  test(`a ${syntax.toUpperCase()} example with its amount due changed fails BR-CO-16`, async () => {
    const xml = readFileSync(join(dir, files[0]!), 'utf8');
    const element = syntax === 'ubl' ? 'cbc:PayableAmount' : 'ram:DuePayableAmount';
    const tampered = xml.replace(new RegExp(`(<${element}[^>]*>)([^<]+)(</${element}>)`), (_m, open: string, value: string, close: string) =>
      `${open}${(Number(value) + 1).toFixed(2)}${close}`,
    );
    expect(tampered).not.toBe(xml);
    const fatal = fatalFailures(await validateEn16931(syntax, tampered));
    expect(fatal.map((f) => f.id)).toContain('BR-CO-16');
    const rule = fatal.find((f) => f.id === 'BR-CO-16')!;
    expect(rule.text).toMatch(/Amount due for payment/);
    expect(rule.location).not.toBe('');
  });

  test(`a document that is not XML is a fatal failure, not an exception (${syntax})`, async () => {
    const failures = await validateEn16931(syntax, '<Invoice><unclosed>');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ id: 'XML', flag: 'fatal' });
  });
}

test('a second check costs milliseconds once the rules are compiled', async () => {
  const xml = readFileSync(join(EXAMPLES, 'ubl', 'ubl-tc434-creditnote1.xml'), 'utf8');
  await validateEn16931('ubl', xml);
  const started = performance.now();
  await validateEn16931('ubl', xml);
  expect(performance.now() - started).toBeLessThan(2000);
});
