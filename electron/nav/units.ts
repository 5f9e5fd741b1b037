// Units of measure: NAV knows a closed list (UnitOfMeasureType); any other unit is reported as OWN with the text
// the invoice shows. The match is on the usual Hungarian, English and German abbreviations and words.

export type NavUnit =
  | 'PIECE'
  | 'KILOGRAM'
  | 'TON'
  | 'KWH'
  | 'DAY'
  | 'HOUR'
  | 'MINUTE'
  | 'MONTH'
  | 'LITER'
  | 'KILOMETER'
  | 'CUBIC_METER'
  | 'METER'
  | 'LINEAR_METER'
  | 'CARTON'
  | 'PACK';

const WORDS: Record<NavUnit, string[]> = {
  PIECE: ['db', 'darab', 'pc', 'pcs', 'piece', 'pieces', 'stk', 'st', 'stuck', 'ea', 'each'],
  KILOGRAM: ['kg', 'kilogramm', 'kilogram', 'kilo'],
  TON: ['t', 'to', 'tonna', 'ton', 'tonne', 'tonnes'],
  KWH: ['kwh', 'kilowattora'],
  DAY: ['nap', 'day', 'days', 'tag', 'tage'],
  HOUR: ['ora', 'h', 'hr', 'hrs', 'hour', 'hours', 'std', 'stunde', 'stunden', 'munkaora'],
  MINUTE: ['perc', 'min', 'minute', 'minutes', 'minuten'],
  MONTH: ['ho', 'honap', 'month', 'months', 'monat', 'monate'],
  LITER: ['l', 'liter', 'litre', 'liters', 'litres', 'ltr'],
  KILOMETER: ['km', 'kilometer', 'kilometre'],
  CUBIC_METER: ['m3', 'm³', 'kobmeter', 'cbm', 'cubicmeter'],
  METER: ['m', 'meter', 'metre', 'meters'],
  LINEAR_METER: ['fm', 'folyometer', 'lfm', 'linearmeter', 'laufmeter'],
  CARTON: ['karton', 'carton', 'krt'],
  PACK: ['csomag', 'cs', 'csom', 'pack', 'pck', 'pkg', 'packung', 'doboz'],
};

const LOOKUP = new Map<string, NavUnit>();
for (const [unit, words] of Object.entries(WORDS) as Array<[NavUnit, string[]]>) {
  for (const word of words) LOOKUP.set(word, unit);
}

function fold(unit: string): string {
  return unit
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s.]/g, '');
}

/** The NAV unit for Folio's unit text; 'OWN' with the text itself when NAV's list has no match. */
export function navUnit(unit: string): { unitOfMeasure: NavUnit | 'OWN'; own?: string } {
  const known = LOOKUP.get(fold(unit)) ?? LOOKUP.get(fold(unit).replace('³', '3'));
  return known ? { unitOfMeasure: known } : { unitOfMeasure: 'OWN', own: unit };
}

/** Units that name a span of time are services in practice; weights and volumes are goods. */
export function natureFromUnit(unit: NavUnit | 'OWN'): 'PRODUCT' | 'SERVICE' | undefined {
  switch (unit) {
    case 'HOUR':
    case 'MINUTE':
    case 'DAY':
    case 'MONTH':
      return 'SERVICE';
    case 'KILOGRAM':
    case 'TON':
    case 'LITER':
    case 'CUBIC_METER':
    case 'CARTON':
    case 'PACK':
      return 'PRODUCT';
    default:
      return undefined;
  }
}
