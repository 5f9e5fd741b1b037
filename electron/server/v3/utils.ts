// /organization, /utils/time and /utils/convert-legacy-id.
import { timestampIn } from '../../../shared/dates';
import { countryCode } from '../../nav/country';
import { call, idOf, type V3Route } from './route';

/** "+01:00" for a zone at an instant (w3c's offset). */
function offsetOf(instant: Date, timeZone: string): string {
  const wall = new Date(`${timestampIn(instant, timeZone).replace(' ', 'T')}Z`).getTime();
  const minutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export const utilRoutes: V3Route[] = [
  {
    // The seller Folio issues as; v3's OrganizationData knows the tax code (and a subscription Folio has none of);
    // the name and address are added beside it for integrations that show whose books they write to.
    method: 'GET',
    path: '/organization',
    handler: async ({ core }) => {
      const settings = await call(core(), 'settings.get', {});
      const s = settings.seller;
      // 3.0.15's has_nav_connection: a NAV technical user is set up (saved, or given by FOLIO_NAV_*)
      const nav = await call(core(), 'nav.settings', {});
      return {
        tax_code: s.taxcode,
        has_nav_connection: nav.source !== 'none',
        name: s.name,
        address: { country_code: countryCode(s.address.country) ?? '', post_code: s.address.postcode, city: s.address.city },
      };
    },
  },
  {
    // The real clock, as v2's /time (clients set their clocks by it), in the business's time zone.
    method: 'GET',
    path: '/utils/time',
    handler: async ({ core }) => {
      const now = new Date();
      const zone = core().ctx.timeZone;
      const wall = timestampIn(now, zone);
      return { epoch: Math.floor(now.getTime() / 1000), formatted: wall, w3c: `${wall.replace(' ', 'T')}${offsetOf(now, zone)}`, timezone: zone };
    },
  },
  {
    // The check digit offline; NAV's word (and the taxpayer's name and addresses, 3.0.15) when NAV is set up and answers.
    method: 'GET',
    path: '/utils/check-tax-number/{tax_number}',
    handler: async ({ core, req }) => {
      const given = (req.params as { tax_number: string }).tax_number;
      const check = await call(core(), 'lookups.checkTaxNumber', { tax_number: given });
      const result = !check.checksum_ok || (check.source === 'nav' && !check.valid && !check.taxpayer)
        ? check.source === 'nav' ? 'non_exist_tax_number' : 'invalid_tax_number'
        : check.nav_error ? 'external_nav_service_unreachable' : !check.nav_set_up ? 'no_online_szamla_settings' : 'validation_ok';
      const taxpayer = check.taxpayer;
      return {
        tax_number: check.tax_number,
        result,
        ...(taxpayer
          ? {
              taxpayer_name: taxpayer.name,
              taxpayer_short_name: taxpayer.short_name ?? null,
              addresses: taxpayer.addresses.map((a) => ({
                type: a.type,
                country_code: a.country_code,
                region: a.region ?? null,
                postal_code: a.postcode,
                city: a.city,
                street_name: a.street_name,
                public_place_category: a.street_type,
                number: a.house_nr || null,
                building: a.building ?? null,
                staircase: a.staircase ?? null,
                floor: a.floor ?? null,
                door: a.door ?? null,
                lot_number: a.lot_number ?? null,
              })),
            }
          : {}),
      };
    },
  },
  {
    // One id space: v2 and v3 see the same invoice by the same id, so the legacy id is the id (404 when no such document).
    method: 'GET',
    path: '/utils/convert-legacy-id/{id}',
    handler: async ({ core, req }) => {
      const id = idOf(req);
      await call(core(), 'invoices.get', { id });
      return { id, legacy_id: id };
    },
  },
];
