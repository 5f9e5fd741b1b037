// The one form a calendar date takes on a screen (issue 36): the UI language's own, as Intl writes it ("2026. 12. 02."
// in Hungarian, "02/12/2026" in British English, "02.12.2026" in German). The core speaks 'YYYY-MM-DD' at every door;
// this module turns that into the shown form and back, and rewrites the ISO dates the core's English sentences carry.
// It takes the locale as an argument (no i18n import), so the dictionary's `t` can use it for its parameters too.

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO date inside a sentence (not part of a longer run of digits, e.g. an invoice number "2026-000012"). */
const ISO_IN_TEXT = /(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?![\w-])/g;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: string): Intl.DateTimeFormat {
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
    formats.set(locale, f);
  }
  return f;
}

function show(y: string, m: string, d: string, locale: string): string {
  // UTC on both sides: a calendar day never shifts with this computer's time zone
  return formatFor(locale).format(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))));
}

/** '2026-12-02' (or a timestamp starting with one) → the locale's form; other text is returned as it is. */
export function formatDate(value: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? show(m[1]!, m[2]!, m[3]!, locale) : value;
}

/** Whether a value is exactly an ISO calendar date (a parameter worth formatting). */
export function isIsoDate(value: string): boolean {
  return ISO.test(value);
}

/** Every ISO date in a sentence in the locale's form: the core's messages "(2026-12-02)" read "(2026. 12. 02.)". */
export function datesInText(text: string, locale: string): string {
  return text.replace(ISO_IN_TEXT, (_all, y: string, m: string, d: string) => show(y, m, d, locale));
}

/** The shown form for a text field: as formatDate, with plain spaces (what people type and find when editing). */
export function dateForInput(value: string, locale: string): string {
  return ISO.test(value) ? formatDate(value, locale).replace(/[\u00a0\u202f]/g, ' ') : value;
}

const pad = (s: string) => s.padStart(2, '0');

/**
 * What a person typed into a date field, as the core's 'YYYY-MM-DD': the year first in any language ("2026. 12. 2.",
 * "2026.12.02", "2026-12-02", "2026/12/02"), or the day first as British English and German write it ("2/12/2026",
 * "02.12.2026"). Anything else is returned trimmed, for the core to refuse with the field's name.
 */
export function readDate(input: string): string {
  const yearFirst = /^\s*(\d{4})\s*[.\-/]\s*(\d{1,2})\s*[.\-/]\s*(\d{1,2})\s*\.?\s*$/.exec(input);
  if (yearFirst) return `${yearFirst[1]}-${pad(yearFirst[2]!)}-${pad(yearFirst[3]!)}`;
  const dayFirst = /^\s*(\d{1,2})\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{4})\s*\.?\s*$/.exec(input);
  if (dayFirst) return `${dayFirst[3]}-${pad(dayFirst[2]!)}-${pad(dayFirst[1]!)}`;
  return input.trim();
}
