// The statement of a client's open invoices (folyószámla-kivonat) a payment reminder carries as its PDF: who owes
// whom, each open invoice with its due date, what is still owed, how many days late and — when the reminder states
// it — the late-payment interest to that day; totals per currency. Built from a plain view the reminders module
// fills in (electron/core/reminders/statement.ts), rendered by the same locked pdfmake engine as the invoices.
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import type { Address } from '../../shared/resources';
import { renderDocDefinition } from './engine';
import { FONT_FAMILY } from './fonts';
import { formatDate, formatDecimal, formatMoney } from './format';
import { formatLang, type DocLang } from './i18n';
import { addressLines } from './view';

export interface StatementLine {
  number: string;
  date: string;
  due_date: string;
  currency: string;
  total: string;
  outstanding: string;
  days_late: number;
  /** the interest to the statement's date; null when not stated */
  interest: string | null;
}

export interface StatementParty {
  name: string;
  address: Address;
  tax_number: string;
}

export interface StatementView {
  lang: DocLang;
  /** the statement's day (the reminder's business date) */
  date: string;
  seller: StatementParty & { bank_account: string };
  client: StatementParty;
  lines: StatementLine[];
  /** per currency, in the order of first appearance */
  totals: Array<{ currency: string; outstanding: string; interest: string | null }>;
  /** the yearly interest rate in percent (base rate + 8 pp, "14.5"), when interest is stated */
  interest_rate: string | null;
  /** the recovery cost claimed (EUR 40, and its value in the invoice's currency when known); null when not */
  recovery_cost: { eur: string; amount: string | null; currency: string } | null;
}

type Words = Record<
  'title' | 'intro' | 'seller' | 'client' | 'number' | 'issued' | 'due' | 'total' | 'outstanding' | 'late' | 'interest' |
    'sum' | 'rateNote' | 'recovery' | 'account' | 'tax' | 'none' | 'paidNote',
  string
>;

const WORDS: Record<'hu' | 'en' | 'de', Words> = {
  hu: {
    title: 'Folyószámla-kivonat',
    intro: 'Nyitott számlák állapota',
    seller: 'Kiállító',
    client: 'Vevő',
    number: 'Számlaszám',
    issued: 'Kelt',
    due: 'Fizetési határidő',
    total: 'Végösszeg',
    outstanding: 'Fizetendő',
    late: 'Késés (nap)',
    interest: 'Késedelmi kamat',
    sum: 'Összesen',
    rateNote: 'Késedelmi kamat (Ptk. 6:155. §): a jegybanki alapkamat + 8 százalékpont, évi {rate}.',
    recovery: 'Behajtási költségátalány (Ptk. 6:155. § (2)): {amount}.',
    account: 'Bankszámlaszám',
    tax: 'Adószám',
    none: 'Nincs nyitott számla.',
    paidNote: 'Ha a számlákat időközben kiegyenlítette, kérjük, tekintse tárgytalannak ezt a kivonatot.',
  },
  en: {
    title: 'Statement of account',
    intro: 'Open invoices',
    seller: 'From',
    client: 'To',
    number: 'Invoice',
    issued: 'Issued',
    due: 'Due date',
    total: 'Total',
    outstanding: 'Outstanding',
    late: 'Days late',
    interest: 'Late interest',
    sum: 'Total',
    rateNote: 'Late-payment interest (Hungarian Civil Code 6:155): central bank base rate + 8 percentage points, {rate} a year.',
    recovery: 'Recovery cost (Hungarian Civil Code 6:155 (2)): {amount}.',
    account: 'Bank account',
    tax: 'Tax number',
    none: 'No open invoices.',
    paidNote: 'If you have paid these invoices in the meantime, please disregard this statement.',
  },
  de: {
    title: 'Kontoauszug',
    intro: 'Offene Rechnungen',
    seller: 'Von',
    client: 'An',
    number: 'Rechnung',
    issued: 'Datum',
    due: 'Fällig am',
    total: 'Betrag',
    outstanding: 'Offen',
    late: 'Tage überfällig',
    interest: 'Verzugszinsen',
    sum: 'Summe',
    rateNote: 'Verzugszinsen (ungarisches ZGB 6:155): Leitzins der Zentralbank + 8 Prozentpunkte, {rate} jährlich.',
    recovery: 'Beitreibungspauschale (ungarisches ZGB 6:155 (2)): {amount}.',
    account: 'Bankverbindung',
    tax: 'Steuernummer',
    none: 'Keine offenen Rechnungen.',
    paidNote: 'Sollten Sie die Rechnungen inzwischen beglichen haben, betrachten Sie diesen Auszug bitte als gegenstandslos.',
  },
};

/** The words of a bilingual document join the Hungarian and the English ("Kelt / Issued"). */
function words(lang: DocLang): Words {
  if (lang !== 'hu-en') return WORDS[lang];
  const both = {} as Words;
  for (const k of Object.keys(WORDS.hu) as Array<keyof Words>) both[k] = `${WORDS.hu[k]} / ${WORDS.en[k]}`;
  return both;
}

const ACCENT = '#1e3a5f';
const MUTED = '#6b7280';

export function statementDocDefinition(view: StatementView): TDocumentDefinitions {
  const w = words(view.lang);
  const f = formatLang(view.lang);
  const withInterest = view.lines.some((l) => l.interest !== null);
  const head = [w.number, w.issued, w.due, w.total, w.outstanding, w.late, ...(withInterest ? [w.interest] : [])].map(
    (text, i): TableCell => ({ text, bold: true, fontSize: 7.5, color: '#ffffff', fillColor: ACCENT, alignment: i >= 3 ? 'right' : 'left' }),
  );
  const rows: TableCell[][] = view.lines.map((l) => [
    { text: l.number },
    { text: formatDate(l.date, f) },
    { text: formatDate(l.due_date, f), bold: l.days_late > 0 },
    { text: formatMoney(l.total, l.currency, f), alignment: 'right' },
    { text: formatMoney(l.outstanding, l.currency, f), alignment: 'right', bold: true },
    { text: l.days_late > 0 ? String(l.days_late) : '–', alignment: 'right' },
    ...(withInterest ? [{ text: l.interest === null ? '–' : formatMoney(l.interest, l.currency, f), alignment: 'right' } as TableCell] : []),
  ]);
  const totals: TableCell[][] = view.totals.map((t) => [
    { text: `${w.sum} (${t.currency})`, bold: true, colSpan: 4 },
    {},
    {},
    {},
    { text: formatMoney(t.outstanding, t.currency, f), alignment: 'right', bold: true },
    { text: '' },
    ...(withInterest ? [{ text: t.interest === null ? '' : formatMoney(t.interest, t.currency, f), alignment: 'right', bold: true } as TableCell] : []),
  ]);
  const notes: Content[] = [];
  if (withInterest && view.interest_rate) {
    const rate = `${formatDecimal(view.interest_rate, f, { minDecimals: 0, maxDecimals: 2 })}%`;
    notes.push({ text: w.rateNote.replace('{rate}', rate), margin: [0, 8, 0, 0] });
  }
  const rc = view.recovery_cost;
  if (rc) {
    const amount = `${formatMoney(rc.eur, 'EUR', f)}${rc.amount !== null ? ` (${formatMoney(rc.amount, rc.currency, f)})` : ''}`;
    notes.push({ text: w.recovery.replace('{amount}', amount), margin: [0, 4, 0, 0] });
  }
  notes.push({ text: w.paidNote, color: MUTED, margin: [0, 10, 0, 0] });
  return {
    pageSize: 'A4',
    pageMargins: [36, 44, 36, 48],
    info: { title: `${w.title} ${view.client.name}`, author: view.seller.name, creator: 'Folio', producer: 'Folio (pdfmake)' },
    defaultStyle: { font: FONT_FAMILY, fontSize: 9, lineHeight: 1.2, color: '#1f2937' },
    footer: (page: number, pages: number) => ({
      margin: [36, 16, 36, 0],
      columns: [
        { text: `${view.seller.name} · ${w.title}`, fontSize: 7.5, color: MUTED },
        { text: `${page} / ${pages}`, fontSize: 7.5, color: MUTED, alignment: 'right', width: 'auto' },
      ],
    }),
    content: [
      {
        columns: [
          { text: w.title, fontSize: 20, bold: true, color: ACCENT },
          { text: formatDate(view.date, f), alignment: 'right', fontSize: 11, bold: true, color: ACCENT, width: 'auto' },
        ],
        margin: [0, 0, 0, 12],
      },
      {
        columns: [party(w.seller, view.seller, view.lang, w), party(w.client, view.client, view.lang, w)],
        columnGap: 14,
        margin: [0, 0, 0, 14],
      },
      { text: w.intro, bold: true, fontSize: 11, color: ACCENT, margin: [0, 0, 0, 6] },
      view.lines.length
        ? {
            table: {
              headerRows: 1,
              // fixed columns wrap their headers instead of pushing the last one off the page
              widths: ['*', 54, 60, 68, 68, 38, ...(withInterest ? [62] : [])],
              body: [head, ...rows, ...totals],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: w.none },
      ...notes,
    ],
  };
}

function party(label: string, p: StatementParty & { bank_account?: string }, lang: DocLang, w: Words): Content {
  return {
    stack: [
      { text: label.toUpperCase(), fontSize: 7, bold: true, color: MUTED },
      { text: p.name, bold: true, fontSize: 10.5 },
      ...addressLines(p.address, lang, false).map((line) => ({ text: line })),
      ...(p.tax_number ? [{ text: `${w.tax}: ${p.tax_number}` }] : []),
      ...(p.bank_account ? [{ text: `${w.account}: ${p.bank_account}` }] : []),
    ],
  };
}

export async function renderStatementPdf(view: StatementView): Promise<Buffer> {
  return renderDocDefinition(statementDocDefinition(view));
}

