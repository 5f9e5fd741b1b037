// VAT codes. Ids 1–5 are the interface's documented ones; the Hungarian special codes follow with stable ids,
// then one code per EU member state's standard rate (used by the EU VAT lookup for distance sales, "19.0% - DE").
import { EU_STANDARD_VAT_RATES } from './eu-vat-rates';

export type VatTreatment =
  | 'rate' // an ordinary percentage rate (27 %, 18 %, 5 %, 0 %)
  | 'exempt' // exempt: needs an exemption reason (entitlement)
  | 'reverse_charge' // the buyer pays the VAT (domestic or intra-EU)
  | 'margin' // margin scheme
  | 'out_of_scope' // outside the scope of the Hungarian VAT act
  | 'foreign_rate'; // another member state's rate, charged by the seller (OSS)

export interface VatCodeDef {
  id: string;
  value: string; // rate as a decimal string
  description: string;
  infoText: string | null;
  treatment: VatTreatment;
  /** The legal reason used when the item gives none (docs/design.md §8). EU depends on goods vs services. */
  defaultEntitlement: string | null;
  country: string | null;
}

const HUNGARIAN: VatCodeDef[] = [
  { id: '1', value: '0.27', description: '27%', infoText: '', treatment: 'rate', defaultEntitlement: null, country: 'HU' },
  { id: '2', value: '0.05', description: '5%', infoText: '', treatment: 'rate', defaultEntitlement: null, country: 'HU' },
  { id: '3', value: '0.18', description: '18%', infoText: '', treatment: 'rate', defaultEntitlement: null, country: 'HU' },
  { id: '4', value: '0', description: 'AM', infoText: 'adómentes', treatment: 'exempt', defaultEntitlement: 'TAM', country: 'HU' },
  { id: '5', value: '0', description: 'EU', infoText: 'EU-n belül', treatment: 'exempt', defaultEntitlement: 'KBAET', country: 'HU' },
  { id: '6', value: '0', description: '0%', infoText: '', treatment: 'rate', defaultEntitlement: null, country: 'HU' },
  { id: '7', value: '0', description: 'AAM', infoText: 'alanyi adómentes', treatment: 'exempt', defaultEntitlement: 'AAM', country: 'HU' },
  { id: '8', value: '0', description: 'TAM', infoText: 'tárgyi adómentes', treatment: 'exempt', defaultEntitlement: 'TAM', country: 'HU' },
  { id: '9', value: '0', description: 'EUK', infoText: 'EU-n kívül', treatment: 'exempt', defaultEntitlement: 'EAM', country: 'HU' },
  { id: '10', value: '0', description: 'MAA', infoText: 'mentes az adó alól', treatment: 'exempt', defaultEntitlement: 'TAM', country: 'HU' },
  { id: '11', value: '0', description: 'F.AFA', infoText: 'fordított adózás', treatment: 'reverse_charge', defaultEntitlement: null, country: 'HU' },
  { id: '12', value: '0', description: 'K.AFA', infoText: 'különbözeti adózás', treatment: 'margin', defaultEntitlement: 'SECOND_HAND', country: 'HU' },
  { id: '13', value: '0', description: 'ÁKK', infoText: 'áfa körön kívüli', treatment: 'out_of_scope', defaultEntitlement: 'ATK', country: 'HU' },
  { id: '14', value: '0', description: 'ÁTHK', infoText: 'áfa tárgyi hatályán kívüli', treatment: 'out_of_scope', defaultEntitlement: 'HO', country: 'HU' },
  { id: '15', value: '0', description: 'FAD', infoText: 'fordított adózás (EU szolgáltatás)', treatment: 'out_of_scope', defaultEntitlement: 'EUFAD37', country: 'HU' },
];

function percentLabel(rate: string): string {
  return `${(Number(rate) * 100).toFixed(1)}%`;
}

/** Per-country codes get ids from 100 upwards in alphabetical order of the country code: stable while the list is. */
const PER_COUNTRY: VatCodeDef[] = Object.keys(EU_STANDARD_VAT_RATES)
  .sort()
  .map((country, i) => {
    const value = EU_STANDARD_VAT_RATES[country]!;
    return {
      id: String(100 + i),
      value,
      description: `${percentLabel(value)} - ${country}`,
      infoText: null,
      treatment: 'foreign_rate' as const,
      defaultEntitlement: null,
      country,
    };
  });

export const VAT_CODES: readonly VatCodeDef[] = [...HUNGARIAN, ...PER_COUNTRY];

export function findVatCode(id: string | number): VatCodeDef | undefined {
  const key = String(id);
  return VAT_CODES.find((v) => v.id === key);
}

export function vatCodeForCountry(country: string): VatCodeDef | undefined {
  return PER_COUNTRY.find((v) => v.country === country);
}

export const REVERSE_CHARGE_EU_SERVICES_VAT_ID = '15';
export const EXPORT_VAT_ID = '14';
