// Invoice numbers in a transfer's remittance text. Folio numbers "2026-000123" (proformas "D-2026-000123") within a
// block whose prefix is printed before it ("ABC / 2026-000123"). Payers write them every way: with or without the
// prefix, with "/" or " " for "-", without the leading zeros ("2026/123"). A date ("2026-03-05") is not a number.

export interface NumberMention {
  /** the number as Folio stores it: "2026-000123", "D-2026-000123" */
  invoice_no: string;
  /** the word written before it, upper case, when there is one: a block prefix perhaps */
  prefix: string;
}

const MENTION = /(?:(?!D\s*-\s*\d{4})([A-Za-z0-9_.]{1,20})\s*[-/ ]\s*)?\b(D\s*-\s*)?(\d{4})\s*[-/]\s*(\d{1,6})(?![\d]|[-./]\d)/gi;

export function numberMentions(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const year = Number(m[3]);
    if (year < 2000 || year > 2999) continue;
    const invoice_no = `${m[2] ? 'D-' : ''}${m[3]}-${m[4]!.padStart(6, '0')}`;
    const prefix = (m[1] ?? '').toUpperCase();
    const key = `${prefix}|${invoice_no}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ invoice_no, prefix });
  }
  return out;
}
