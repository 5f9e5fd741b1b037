// NAV's two Online Számla systems and their API addresses (invoiceService v3). The screen offers the choice by
// name; FOLIO_NAV_URL (servers) may name any address, e.g. a stand-in for tests.
import type { NavSystem } from '../../shared/contract/areas/nav';

export const NAV_BASE_URLS: Record<NavSystem, string> = {
  test: 'https://api-test.onlineszamla.nav.gov.hu/invoiceService/v3',
  production: 'https://api.onlineszamla.nav.gov.hu/invoiceService/v3',
};

/** Which system an address is (trailing slashes ignored); 'other' for any other address. */
export function navSystemOf(url: string): NavSystem | 'other' {
  const plain = url.trim().replace(/\/+$/, '');
  if (plain === NAV_BASE_URLS.test) return 'test';
  if (plain === NAV_BASE_URLS.production) return 'production';
  return 'other';
}
