// Address helpers: the form's fields from a stored address, and a one-line rendering for lists and details.
import type { Address } from '../../shared/resources';

export type AddressForm = Pick<Address, 'postcode' | 'city' | 'street_name' | 'street_type' | 'house_nr' | 'country'>;

export function addressForm(a: Partial<Address> | undefined): AddressForm {
  return {
    postcode: a?.postcode ?? '',
    city: a?.city ?? '',
    street_name: a?.street_name ?? '',
    street_type: a?.street_type ?? '',
    house_nr: a?.house_nr ?? '',
    country: a?.country ?? '',
  };
}

/** "1051 Budapest, Fő utca 1." — the parts that are there, in Hungarian order. */
export function addressLine(a: Partial<Address> | undefined): string {
  if (!a) return '';
  const street = [a.street_name, a.street_type, a.house_nr].filter((s) => s?.trim()).join(' ');
  const extra = [a.block, a.entrance, a.floor, a.door].filter((s) => s?.trim()).join(' ');
  const city = [a.postcode, a.city].filter((s) => s?.trim()).join(' ');
  return [city, [street, extra].filter(Boolean).join(' '), a.country].filter((s) => s?.trim()).join(', ');
}
