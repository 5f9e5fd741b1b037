// The reminder e-mail in the invoice's language (hu, en, de; a bilingual hu-en invoice gets both texts): before or
// on the due date a friendly note, after it the days late, the late-payment interest to the day and the recovery
// cost when the company claims them. Amounts and dates use the documents' formatters, like the invoice mail.
import type { Lang } from '../../../shared/reference/payment-methods';
import type { InvoiceAttributes } from '../../../shared/resources';
import { formatDate, formatDecimal, formatMoney } from '../../documents/format';
import type { DocLang } from '../../documents/i18n';

export interface ReminderFacts {
  invoice: InvoiceAttributes;
  lang: DocLang;
  date: string;
  outstanding: string;
  daysLate: number;
  /** the interest to `date` and the yearly rate it was computed with; null when not stated */
  interest: { amount: string; rate: string } | null;
  /** EUR 40, with its value in the invoice's currency when known; null when not claimed */
  recovery: { eur: string; amount: string | null } | null;
  /** how many open invoices the attached statement lists */
  openCount: number;
}

interface Texts {
  subjectBefore(number: string, due: string): string;
  subjectLate(number: string, days: number): string;
  greeting(name: string): string;
  before(number: string, due: string): string;
  late(number: string, due: string, days: number): string;
  outstanding: string;
  interest(rate: string, date: string): string;
  recovery: string;
  account: string;
  statement(n: number): string;
  ignore: string;
  closing: string;
  attachment: string;
}

const TEXTS: Record<Lang, Texts> = {
  hu: {
    subjectBefore: (n, due) => `Fizetési emlékeztető: ${n} számla, esedékes ${due}`,
    subjectLate: (n, d) => `Fizetési emlékeztető: ${n} számla, ${d} napja lejárt`,
    greeting: (name) => (name ? `Tisztelt ${name}!` : 'Tisztelt Partnerünk!'),
    before: (n, due) => `Szeretnénk emlékeztetni, hogy a(z) ${n} számú számla fizetési határideje ${due}.`,
    late: (n, due, d) => `A(z) ${n} számú számla fizetési határideje ${due} volt; a kiegyenlítés ${d} napja késik.`,
    outstanding: 'Fizetendő összeg',
    interest: (rate, date) => `Késedelmi kamat ${date}-ig (Ptk. 6:155. §, évi ${rate}%)`,
    recovery: 'Behajtási költségátalány (Ptk. 6:155. § (2))',
    account: 'Bankszámlaszám',
    statement: (n) => `Mellékelten küldjük nyitott számláink kivonatát (${n} számla).`,
    ignore: 'Ha a számlát időközben kiegyenlítette, kérjük, tekintse levelünket tárgytalannak.',
    closing: 'Üdvözlettel:',
    attachment: 'Folyószámla-kivonat',
  },
  en: {
    subjectBefore: (n, due) => `Payment reminder: invoice ${n} due ${due}`,
    subjectLate: (n, d) => `Payment reminder: invoice ${n} is ${d} ${d === 1 ? 'day' : 'days'} overdue`,
    greeting: (name) => (name ? `Dear ${name},` : 'Dear Customer,'),
    before: (n, due) => `This is a friendly reminder that invoice ${n} is due on ${due}.`,
    late: (n, due, d) => `Invoice ${n} was due on ${due}; payment is ${d} ${d === 1 ? 'day' : 'days'} late.`,
    outstanding: 'Amount due',
    interest: (rate, date) => `Late-payment interest to ${date} (Hungarian Civil Code 6:155, ${rate}% a year)`,
    recovery: 'Recovery cost (Hungarian Civil Code 6:155 (2))',
    account: 'Bank account',
    statement: (n) => `Please find attached a statement of your open invoices (${n}).`,
    ignore: 'If you have paid in the meantime, please disregard this message.',
    closing: 'Kind regards,',
    attachment: 'Statement',
  },
  de: {
    subjectBefore: (n, due) => `Zahlungserinnerung: Rechnung ${n} fällig am ${due}`,
    subjectLate: (n, d) => `Zahlungserinnerung: Rechnung ${n} seit ${d} ${d === 1 ? 'Tag' : 'Tagen'} überfällig`,
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Sehr geehrte Damen und Herren,'),
    before: (n, due) => `wir möchten Sie freundlich daran erinnern, dass die Rechnung ${n} am ${due} fällig ist.`,
    late: (n, due, d) => `die Rechnung ${n} war am ${due} fällig; die Zahlung ist seit ${d} ${d === 1 ? 'Tag' : 'Tagen'} überfällig.`,
    outstanding: 'Offener Betrag',
    interest: (rate, date) => `Verzugszinsen bis ${date} (ungarisches ZGB 6:155, ${rate}% jährlich)`,
    recovery: 'Beitreibungspauschale (ungarisches ZGB 6:155 (2))',
    account: 'Bankverbindung',
    statement: (n) => `Anbei erhalten Sie einen Auszug Ihrer offenen Rechnungen (${n}).`,
    ignore: 'Sollten Sie inzwischen bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.',
    closing: 'Mit freundlichen Grüßen',
    attachment: 'Kontoauszug',
  },
};

const numberOf = (a: InvoiceAttributes) => a.prefixed_invoice_no ?? a.invoice_no ?? '';

function subject(f: ReminderFacts, lang: Lang): string {
  const t = TEXTS[lang];
  return f.daysLate > 0 ? t.subjectLate(numberOf(f.invoice), f.daysLate) : t.subjectBefore(numberOf(f.invoice), formatDate(f.invoice.due_date, lang));
}

function body(f: ReminderFacts, lang: Lang): string {
  const t = TEXTS[lang];
  const a = f.invoice;
  const due = formatDate(a.due_date, lang);
  const lines = [t.greeting(a.client.name.trim()), '', f.daysLate > 0 ? t.late(numberOf(a), due, f.daysLate) : t.before(numberOf(a), due), ''];
  lines.push(`${t.outstanding}: ${formatMoney(f.outstanding, a.currency, lang)}`);
  if (f.interest) lines.push(`${t.interest(formatDecimal(f.interest.rate, lang, { minDecimals: 0, maxDecimals: 2 }), formatDate(f.date, lang))}: ${formatMoney(f.interest.amount, a.currency, lang)}`);
  if (f.recovery) {
    const own = f.recovery.amount !== null ? ` (${formatMoney(f.recovery.amount, a.currency, lang)})` : '';
    lines.push(`${t.recovery}: ${formatMoney(f.recovery.eur, 'EUR', lang)}${own}`);
  }
  const account = a.seller.bank_iban || a.seller.bank_account_no;
  if (account) lines.push(`${t.account}: ${account}${a.seller.bank_name ? ` (${a.seller.bank_name})` : ''}`);
  lines.push('', t.statement(f.openCount), t.ignore, '', t.closing, ...(a.seller.name.trim() ? [a.seller.name.trim()] : []));
  return lines.join('\n');
}

export function composeReminder(f: ReminderFacts): { subject: string; text: string; attachmentName: string } {
  const langs: Lang[] = f.lang === 'hu-en' ? ['hu', 'en'] : [f.lang];
  const name = [...langs.map((l) => TEXTS[l].attachment), f.date].join('-').replace(/[^\p{L}\p{N}-]+/gu, '-');
  return {
    subject: langs.map((l) => subject(f, l)).join(' / '),
    text: `${langs.map((l) => body(f, l)).join('\n\n----------\n\n')}\n`,
    attachmentName: `${name}.pdf`,
  };
}
