// Folio address → NAV AddressType. NAV has two forms: detailedAddress (street name and public place category
// apart) and simpleAddress (the street part as one free text). Folio's address carries street_name/street_type/
// house_nr split when the user entered it so; only then is the detailed form honest.
import type { Address } from '../../shared/resources';
import { countryCode } from './country';
import { text } from './format';

export type NavAddress =
  | { 'base:detailedAddress': Record<string, string | undefined> }
  | { 'base:simpleAddress': Record<string, string | undefined> };

/** PostalCodeType: 3–10 characters of capitals, digits, spaces and hyphens, starting and ending alphanumeric. */
function postalCode(value: string): string | undefined {
  const upper = value.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9\s-]{1,8}[A-Z0-9]$/.test(upper) ? upper : undefined;
}

/**
 * Undefined when the address cannot satisfy the schema (no city, no valid postcode, an unknown country name, or
 * nothing at all for the street): the caller decides whether that is fatal (seller) or the element is left out.
 */
export function navAddress(address: Address | null | undefined): NavAddress | undefined {
  if (!address) return undefined;
  const country = countryCode(address.country);
  const postal = postalCode(address.postcode ?? '');
  const city = text(address.city, 255);
  if (!country || !postal || !city) return undefined;

  const streetName = text(address.street_name, 255);
  const streetType = text(address.street_type, 50);
  if (streetName && streetType) {
    return {
      'base:detailedAddress': {
        'base:countryCode': country,
        'base:postalCode': postal,
        'base:city': city,
        'base:streetName': streetName,
        'base:publicPlaceCategory': streetType,
        'base:number': text(address.house_nr, 50),
        'base:building': text(address.block, 50),
        'base:staircase': text(address.entrance, 50),
        'base:floor': text(address.floor, 50),
        'base:door': text(address.door, 50),
      },
    };
  }

  // Unsplit addresses keep everything in street_name ("Fő utca 1."); join whatever parts exist.
  const detail = text(
    [address.street_name, address.street_type, address.house_nr, address.block, address.entrance, address.floor, address.door]
      .map((part) => (part ?? '').trim())
      .filter(Boolean)
      .join(' '),
    255,
  );
  if (!detail) return undefined;
  return {
    'base:simpleAddress': {
      'base:countryCode': country,
      'base:postalCode': postal,
      'base:city': city,
      'base:additionalAddressDetail': detail,
    },
  };
}
