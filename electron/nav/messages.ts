// Human messages for NAV's codes: the validation codes of an ABORTED or warned report (English from NAV's own
// validations_en.properties), the API's general error codes, and Folio's own transport codes. Hungarian where the
// text is known: quoted from NAV where NAV's wording was seen, otherwise Folio's translation.
import { NAV_VALIDATION_MESSAGES_EN } from './validation-messages';

export type NavMessageLang = 'en' | 'hu';

interface Bilingual {
  en: string;
  hu: string;
}

/** Errors of the API itself (GeneralErrorResponse.result.errorCode) and Folio's transport failures. */
const API_CODES: Record<string, Bilingual> = {
  INVALID_SECURITY_USER: {
    en: "The technical user's login or password is wrong, or the user is inactive.",
    hu: 'Hibás technikai felhasználónév vagy jelszó, vagy a felhasználó nem aktív.',
  },
  INVALID_REQUEST_SIGNATURE: {
    en: 'The request signature is wrong: check the signature key.',
    hu: 'Hibás kérés-aláírás: ellenőrizze az aláírókulcsot.',
  },
  NOT_REGISTERED_CUSTOMER: {
    en: 'The taxpayer is not registered in Online Számla.',
    hu: 'Az adózó nincs regisztrálva az Online Számla rendszerben.',
  },
  INVALID_CUSTOMER: { en: 'The tax number of the request is not valid.', hu: 'A kérésben megadott adószám érvénytelen.' },
  INVALID_USER_RELATION: {
    en: 'The technical user may not act for this tax number.',
    hu: 'A technikai felhasználó nem járhat el ennek az adószámnak a nevében.',
  },
  FORBIDDEN: {
    en: 'The technical user has no right to this operation.',
    hu: 'A technikai felhasználónak nincs jogosultsága a művelethez.',
  },
  INVALID_EXCHANGE_TOKEN: {
    en: 'The exchange token is invalid or expired; a new one is requested.',
    hu: 'Az adatszolgáltatási token érvénytelen vagy lejárt; újat kérünk.',
  },
  REQUEST_ID_NOT_UNIQUE: { en: 'The request id was used before.', hu: 'A kérésazonosító már használatban volt.' },
  INVALID_TIMESTAMP: {
    en: "The request time is too far from NAV's clock: check the computer's date and time.",
    hu: 'A kérés időbélyege túl messze van a NAV órájától: ellenőrizze a számítógép dátumát és idejét.',
  },
  INVALID_REQUEST: { en: "The request does not match NAV's schema.", hu: 'A kérés nem felel meg a NAV sémájának.' },
  SCHEMA_VIOLATION: { en: "The invoice data does not match NAV's schema.", hu: 'A számlaadat nem felel meg a NAV sémájának.' },
  OPERATION_FAILED: {
    en: 'NAV could not process the request now; it will be retried.',
    hu: 'A NAV most nem tudta feldolgozni a kérést; újrapróbáljuk.',
  },
  MAINTENANCE: { en: 'NAV is under maintenance; it will be retried.', hu: 'A NAV karbantartás alatt áll; újrapróbáljuk.' },
  NETWORK_ERROR: { en: 'NAV could not be reached; it will be retried.', hu: 'A NAV nem érhető el; újrapróbáljuk.' },
  SERVER_ERROR: { en: 'NAV answered with a server error; it will be retried.', hu: 'A NAV szerverhibát jelzett; újrapróbáljuk.' },
  BAD_RESPONSE: { en: 'NAV sent an answer Folio could not read.', hu: 'A NAV válasza nem értelmezhető.' },
  ABORTED: { en: 'NAV rejected the invoice data.', hu: 'A NAV elutasította a számlaadatot.' },
};

/** Hungarian texts of validation codes. Quoted from NAV's messages where marked, else Folio's translation. */
const VALIDATION_HU: Record<string, string> = {
  // NAV's own wording
  INVALID_INVOICE_REFERENCE:
    'A módosítás vagy érvénytelenítés olyan okiratra hivatkozik, amire vonatkozóan nem történt adatszolgáltatás.',
  MULTIPLE_INVOICES_FOUND: 'A hivatkozott alapszámla egynél többször szerepel érvényesként a rendszerben.',
  INVALID_LINE_VAT_OUT_OF_SCOPE_CODE: 'Érvénytelen ÁFA törvény határán kívüliséget jelölő kód!',
  INVALID_SUMMARY_VAT_OUT_OF_SCOPE_CODE: 'Érvénytelen ÁFA törvény határán kívüliséget jelölő kód!',
  INCORRECT_LINE_CALCULATION_LINE_NET_AMOUNT_HUF:
    'Eltérés a számla tétel eredeti pénznemben és forintban megadott nettó értéke között.',
  // Folio's translations
  INVOICE_NUMBER_NOT_UNIQUE: 'A megadott számlaszámot korábban már felhasználták.',
  SUPPLIER_TAX_NUMBER_MISMATCH: 'Az eladó adószáma nem egyezik a kérésben hitelesített adószámmal.',
  INVOICE_LINE_ALREADY_EXISTS: 'A megadott sorszámú tétel már létezik a számlaláncban.',
  INVOICE_LINE_MISSING: 'A számla nem tartalmaz tételt.',
  CUSTOMER_DATA_NOT_EXPECTED: 'Magánszemély vevő adatai nem küldhetők be.',
  CUSTOMER_DATA_EXPECTED: 'Nem magánszemély vevő esetén a vevő adatainak megadása kötelező.',
  MISSING_CUSTOMER_DOMESTIC_TAXNUMBER: 'Hiányzik a vevő belföldi adószáma.',
  DOMESTIC_TAXNUMBER_EXPECTED_REVERSE_CHARGE: 'Belföldi fordított adózásnál a vevő belföldi adószáma kötelező.',
  INCORRECT_DATE_INVOICE_ISSUE_DATE_LATE: 'A számla kelte jövőbeli dátum.',
  INCORRECT_LINE_DATA_VAT_PERCENTAGE: 'A megadott áfakulcs nem létezik.',
  INVALID_VAT_DATA: 'A megadott áfakulcs vagy áfatartalom nem megengedett.',
  INCORRECT_SUMMARY_CALCULATION_INVOICE_NET_LINE_AMOUNT:
    'Számítási hiba: a tételek nettó értékének összege nem egyezik a számla nettó összegével.',
  INCORRECT_SUMMARY_CALCULATION_INVOICE_GROSS_AMOUNT_SUMMARY:
    'Az összesítő nettó és áfa összegének összege eltér a számla bruttó összegétől.',
  INCORRECT_SUMMARY_CALCULATION_VAT_RATE_VAT_AMOUNT_HUF_SUMMARY:
    'Az adómértékenkénti forintos áfa eltér a forintos adóalapból számított értéktől.',
};

/** The message for a NAV or Folio code; NAV's own text (`fallback`) when Folio has none for the code. */
export function describeNavCode(code: string, lang: NavMessageLang = 'en', fallback?: string): string {
  const api = API_CODES[code];
  if (api) return api[lang];
  if (lang === 'hu' && VALIDATION_HU[code]) return VALIDATION_HU[code];
  return NAV_VALIDATION_MESSAGES_EN[code] ?? fallback ?? code;
}

/** Codes after which the very same request can succeed later: NAV or the network was unwell. */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'OPERATION_FAILED',
  'MAINTENANCE',
  'INVALID_EXCHANGE_TOKEN',
  'REQUEST_ID_NOT_UNIQUE',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'BAD_RESPONSE',
]);

/** Codes that no retry of the same bytes can fix: the report itself is wrong. */
export const REJECTING_CODES: ReadonlySet<string> = new Set(['INVALID_REQUEST', 'SCHEMA_VIOLATION']);
