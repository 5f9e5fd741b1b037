// What the client form takes from NAV's answer about a taxpayer: its address in the form's fields, and whether the
// form's own address is still empty (only an empty one is filled without asking).
import type { TaxpayerAddress } from '../../shared/tax-number-check';
import type { AddressForm } from './address';

export function addressFromTaxpayer(a: TaxpayerAddress): AddressForm {
  return {
    postcode: a.postcode,
    city: a.city,
    street_name: a.street_name,
    street_type: a.street_type,
    // the form has no floor or door of its own: they follow the house number, as they would on an envelope
    house_nr: [a.house_nr, a.floor ? `${a.floor}. em.` : '', a.door ? `${a.door}. ajtó` : ''].filter(Boolean).join(' '),
    country: a.country_code === 'HU' ? 'Magyarország' : a.country_code,
  };
}

/** No street, city or postcode typed yet (the country alone is the form's default). */
export function addressIsEmpty(a: AddressForm): boolean {
  return ![a.postcode, a.city, a.street_name, a.street_type, a.house_nr].some((v) => v.trim());
}

export function sameAddress(a: AddressForm, b: AddressForm): boolean {
  return (Object.keys(a) as Array<keyof AddressForm>).every((k) => a[k].trim() === b[k].trim());
}
