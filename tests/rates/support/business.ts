// A seller and a buyer complete enough for a legally complete invoice (full addresses, valid and different Hungarian
// tax numbers), for the rate suites that issue foreign-currency invoices.
const address = (over: Record<string, string> = {}) => ({
  postcode: '1051',
  city: 'Budapest',
  street_name: 'Nádor',
  street_type: 'utca',
  house_nr: '12',
  country: 'Magyarország',
  ...over,
});

export const SELLER = { name: 'Árfolyam Teszt Kft.', taxcode: '12345676-2-41', address: address() };

export const BUYER = {
  name: 'Külföldi Partner Kft.',
  taxcode: '10000001-2-41',
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: address({ postcode: '7621', city: 'Pécs', street_name: 'Király', house_nr: '3' }),
};
