// /v3/utils/check-tax-number on the core's lookups.checkTaxNumber: the check digit offline, and NAV's answer mapped to
// 3.0.14's result (plus 3.0.15's taxpayer name and addresses) — here without NAV set up, so the check digit answers.
import { expect, test } from '@playwright/test';
import { serverPerFile } from '../support/fixtures';
import { v3 } from '../support/v3-client';

const s = serverPerFile();

test('a well-formed number without NAV set up: no_online_szamla_settings; a wrong check digit: invalid_tax_number', async () => {
  const ok = await v3(s.api, 'GET', '/utils/check-tax-number/12345676-2-41', { status: 200, schema: 'TaxNumber' });
  expect(ok.body).toEqual({ tax_number: '12345676-2-41', result: 'no_online_szamla_settings' });
  const bad = await v3(s.api, 'GET', '/utils/check-tax-number/12345678-2-41', { status: 200, schema: 'TaxNumber' });
  expect(bad.body.result).toBe('invalid_tax_number');
  const short = await v3(s.api, 'GET', '/utils/check-tax-number/12345676', { status: 200, schema: 'TaxNumber' });
  expect(short.body.result).toBe('no_online_szamla_settings');
});
