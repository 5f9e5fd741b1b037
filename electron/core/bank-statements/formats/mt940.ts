// SWIFT MT940 customer statements. Each statement runs from :20: to :62F:/:62M:; a :61: line is one entry and the
// :86: after it describes it, either structured (the "?20…?32" subfields of the German/Austrian banks' form, or the
// "/REMI/…/NAME/…" keywords of SWIFT's) or as free text, which is then all remittance; some Hungarian banks add a
// non-SWIFT ":NS:" field of numbered lines instead. Each statement is returned on its own with its account (a file may
// hold many accounts). The opening balance plus the entries must give the closing balance; a difference is reported
// with the statement, and the import refuses it unless the user accepts it.
import { Big } from '../../../../shared/money';
import { accountText, cleanText, yymmdd } from './values';
import { refuse, type ParsedEntry, type ParsedStatement } from './types';

interface Field {
  tag: string;
  value: string;
  line: number;
}

export function looksLikeMt940(head: string): boolean {
  return /(^|\n|\{4:\s*)\s*:20:/.test(head) && /:(25|60F|61):/.test(head);
}

export function readMt940(content: string): ParsedStatement[] {
  const fields = fieldsOf(content);
  if (!fields.some((f) => f.tag === '20')) refuse('is not an MT940 statement (no :20: field)');
  const statements: ParsedStatement[] = [];
  let current: ParsedStatement | null = null;
  let opening: Big | null = null;
  let currency = '';
  let net = new Big(0);
  let last: ParsedEntry | null = null;

  for (const f of fields) {
    switch (f.tag) {
      case '20':
        if (current && opening !== null) refuse(`line ${f.line}: statement ${statements.length} has no closing balance (:62F:)`);
        current = { format: 'mt940', statement_ref: f.value.trim(), account: '', period_from: null, period_to: null, entries: [], balance_difference: null, balance_problem: '' };
        statements.push(current);
        opening = null;
        net = new Big(0);
        last = null;
        break;
      case '25':
        // "BIC/account/currency", "IBAN CUR", "BLZ/Kontonummer": kept as written; accounts are compared by number
        if (current) current.account ||= f.value.trim();
        break;
      case '60F':
      case '60M': {
        const b = balance(f);
        opening = b.amount;
        currency = b.currency;
        if (current && (!current.period_from || b.date < current.period_from)) current.period_from = b.date;
        break;
      }
      case '61': {
        if (opening === null || !current) refuse(`line ${f.line}: an entry (:61:) before the opening balance (:60F:)`);
        last = statementLine(f, currency);
        net = last.direction === 'credit' ? net.plus(last.amount) : net.minus(last.amount);
        current!.entries.push(last);
        break;
      }
      case '86':
        if (last) Object.assign(last, information(f.value, last));
        break;
      case 'NS':
        if (last) Object.assign(last, nonSwiftFields(f.value, last));
        break;
      case '62F':
      case '62M': {
        const no = statements.length;
        if (!current || opening === null) refuse(`statement ${no} has no opening balance (:60F:)`);
        const b = balance(f);
        const expected = opening!.plus(net);
        if (!expected.eq(b.amount)) {
          current!.balance_difference = b.amount.minus(expected).toFixed();
          current!.balance_problem = `statement ${no}: the entries do not add up: opening balance ${opening!.toFixed()} + entries ${net.toFixed()} ≠ closing balance ${b.amount.toFixed()} (:${f.tag}:)`;
        }
        if (!current!.period_to || b.date > current!.period_to) current!.period_to = b.date;
        opening = null;
        last = null;
        break;
      }
      default:
        last = f.tag === '61' ? last : null;
        break;
    }
  }
  if (opening !== null) refuse(`statement ${statements.length} has no closing balance (:62F:); the file may be cut off`);
  statements.forEach((st, i) => {
    if (!st.account) refuse(`statement ${i + 1} has no account (:25:)`);
  });
  return statements;
}

/** The file's fields, each with the lines that continue it; SWIFT block wrappers ({1:…}{4: … -}) are dropped. */
function fieldsOf(content: string): Field[] {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const fields: Field[] = [];
  let previous = '';
  lines.forEach((raw, i) => {
    const line = raw.replace(/^(\{[1-3]:[^}]*\})+/, '').replace(/^\{4:/, '');
    if (/^-\}?\s*$/.test(line) || /^\}/.test(line)) return;
    const m = /^:(\d{2}[A-Z]?|NS):(.*)$/.exec(line);
    if (m) fields.push({ tag: m[1]!, value: m[2]!, line: i + 1 });
    else if (fields.length && line.trim() !== '') {
      const field = fields[fields.length - 1]!;
      // a full 65-character line of :86: was cut where the width ran out, in the middle of a word or number
      field.value += field.tag === '86' && previous.length >= 65 ? line : `\n${line}`;
    }
    previous = line;
  });
  return fields;
}

function balance(f: Field): { amount: Big; currency: string; date: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})(\d{1,15},\d{0,3})\s*$/.exec(f.value.trim());
  if (!m) refuse(`line ${f.line}: :${f.tag}: is not a balance (C/D, YYMMDD, currency, amount with a decimal comma)`);
  const date = yymmdd(m![2]!);
  if (!date) refuse(`line ${f.line}: :${f.tag}: "${m![2]}" is not a date`);
  const amount = new Big(m![4]!.replace(',', '.'));
  return { amount: m![1] === 'D' ? amount.neg() : amount, currency: m![3]!, date: date! };
}

// value date, booking date (MMDD), the mark (a funds code letter may follow it: "DF"), the amount, and the transaction
// type, which some banks leave blank after its first letter ("S   ")
const LINE_61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d{0,3})([NSF][A-Z0-9 ]{3})(.*)$/;

function statementLine(f: Field, currency: string): ParsedEntry {
  const [first, ...rest] = f.value.split('\n');
  const m = LINE_61.exec(first!.replace(/^\s+/, ''));
  if (!m) refuse(`line ${f.line}: :61: is not a statement line (value date, C/D, amount, transaction type)`);
  const value = yymmdd(m![1]!);
  if (!value) refuse(`line ${f.line}: :61: "${m![1]}" is not a date`);
  const booking = m![2] ? entryDate(value!, m![2]) : value!;
  if (!booking) refuse(`line ${f.line}: :61: "${m![2]}" is not a booking date`);
  const amount = new Big(m![5]!.replace(',', '.'));
  if (amount.lte(0)) refuse(`line ${f.line}: :61: the amount must be more than zero`);
  // a reversal of a credit takes money off the account; a reversal of a debit puts it back
  const direction = m![3] === 'C' || m![3] === 'RD' ? 'credit' : 'debit';
  const [customerRef = '', bankRef = ''] = m![7]!.split('//');
  const ref = bankRef.trim() || (customerRef.trim() !== 'NONREF' ? customerRef.trim() : '');
  return {
    bank_ref: ref,
    booking_date: booking!,
    value_date: value!,
    direction,
    amount: amount.toFixed(),
    currency,
    counterparty_name: '',
    counterparty_iban: '',
    remittance: cleanText(rest.join(' ')),
  };
}

/** The booking date MMDD beside a value date, in the year that puts it nearest (a statement across New Year). */
function entryDate(value: string, mmdd: string): string | null {
  const year = Number(value.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map((y) => `${y}-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`);
  const distance = (d: string) => Math.abs(Date.parse(d) - Date.parse(value));
  const valid = candidates.filter((d) => !Number.isNaN(Date.parse(d)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));
  return valid.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

const SLASH_CODES = ['EREF', 'KREF', 'MREF', 'CRED', 'REMI', 'USTD', 'STRD', 'NAME', 'ORDP', 'BENM', 'IBAN', 'ACCT', 'BIC', 'PURP', 'SVWZ', 'ABWA', 'CDTR', 'DBTR'];

/** What :86: says: the other party and the remittance, structured when it is, else the whole text as remittance. */
function information(raw: string, entry: ParsedEntry): Partial<ParsedEntry> {
  const flat = raw.replace(/\n/g, '');
  if (/^\d{3}\?\d{2}/.test(flat) || /^\?\d{2}/.test(flat)) return questionMarkFields(flat, entry);
  if (/^\/[A-Z]{3,4}\//.test(flat)) return slashFields(flat, entry);
  return { remittance: cleanText([entry.remittance, raw.replace(/\n/g, ' ')].filter(Boolean).join(' ')) };
}

function questionMarkFields(flat: string, entry: ParsedEntry): Partial<ParsedEntry> {
  const sub = new Map<number, string>();
  for (const m of flat.matchAll(/\?(\d{2})([^?]*)/g)) sub.set(Number(m[1]), (sub.get(Number(m[1])) ?? '') + m[2]);
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => sub.get(a + i) ?? '').join('');
  // ?20–?29 and ?60–?63 are one remittance text cut into 27-character pieces: joined without spaces
  const remittance = `${range(20, 29)}${range(60, 63)}`.replace(/^(SVWZ|EREF)\+/, '');
  return {
    counterparty_name: cleanText(`${sub.get(32) ?? ''}${sub.get(33) ?? ''}`) || entry.counterparty_name,
    counterparty_iban: accountText(sub.get(31) ?? sub.get(38) ?? '') || entry.counterparty_iban,
    remittance: cleanText([entry.remittance, remittance].filter(Boolean).join(' ')),
  };
}

function slashFields(flat: string, entry: ParsedEntry): Partial<ParsedEntry> {
  const re = new RegExp(`/(${SLASH_CODES.join('|')})/`, 'g');
  const parts: Array<{ code: string; value: string }> = [];
  let match: RegExpExecArray | null;
  let prev: { code: string; start: number } | null = null;
  while ((match = re.exec(flat))) {
    if (prev) parts.push({ code: prev.code, value: flat.slice(prev.start, match.index) });
    prev = { code: match[1]!, start: match.index + match[0].length };
  }
  if (prev) parts.push({ code: prev.code, value: flat.slice(prev.start) });
  const get = (...codes: string[]) => parts.filter((p) => codes.includes(p.code)).map((p) => p.value.replace(/^\//, '').trim()).filter(Boolean);
  // "/ORDP//NAME/Kft/" nests the name in the party: NAME alone, or the party's text when it has none
  const name = get('NAME')[0] ?? get('ORDP', 'BENM', 'CDTR', 'DBTR')[0] ?? '';
  const iban = get('IBAN', 'ACCT')[0] ?? '';
  const remittance = get('REMI', 'USTD', 'STRD', 'SVWZ', 'EREF', 'KREF').join(' ');
  return {
    counterparty_name: cleanText(name) || entry.counterparty_name,
    counterparty_iban: accountText(iban) || entry.counterparty_iban,
    remittance: cleanText([entry.remittance, remittance].filter(Boolean).join(' ')),
  };
}

/**
 * The non-SWIFT ":NS:" field some Hungarian banks write instead of (or beside) :86:, one numbered sub-field per line:
 * 01 the transaction's name, 02 the other party's name, 03 its account, 04–07 the remittance (35 characters a line),
 * 08 the transaction levy
 * (informational; not part of the entry). Other numbers are kept out.
 */
function nonSwiftFields(raw: string, entry: ParsedEntry): Partial<ParsedEntry> {
  const sub = new Map<number, string>();
  for (const line of raw.split('\n')) {
    const m = /^(\d{2})(.*)$/.exec(line);
    if (m) sub.set(Number(m[1]), `${sub.get(Number(m[1])) ?? ''}${m[2]}`);
  }
  // the remittance lines are one text cut by width: a full line (35 characters) was cut mid-word and joins without a space
  const lines = [4, 5, 6, 7].map((n) => sub.get(n) ?? '').filter(Boolean);
  const remittance = lines.reduce((text, line, i) => (i === 0 ? line : `${text}${lines[i - 1]!.length >= 35 ? '' : ' '}${line}`), '');
  return {
    counterparty_name: cleanText(sub.get(2) ?? '') || entry.counterparty_name,
    counterparty_iban: accountText(sub.get(3) ?? '') || entry.counterparty_iban,
    remittance: cleanText([entry.remittance, remittance].filter(Boolean).join(' ')),
  };
}
