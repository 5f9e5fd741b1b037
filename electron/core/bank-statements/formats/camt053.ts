// ISO 20022 camt.053 (BankToCustomerStatement), versions 001.02 and later: every Hungarian bank exports it. Read with
// the shapes of both generations: .02 names parties directly (Dbtr/Nm) and gives the status as text, .08 wraps them
// (Dbtr/Pty/Nm, Sts/Cd). Only booked entries are taken; a batch entry whose transactions carry their own amounts
// becomes one entry per transaction, so each payer's transfer can be matched on its own.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Big } from '../../../../shared/money';
import { accountText, cleanText } from './values';
import { refuse, type ParsedEntry, type ParsedStatement } from './types';
import { isValidDate } from '../../../../shared/dates';

const NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})/;
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Bal']);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // callbacks get the parser's path matcher instead of a path string built for every element: a third faster
  jPath: false,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v === undefined ? [] : [node(v)]);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : node(v)['#text'] !== undefined ? String(node(v)['#text']) : '');
const at = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((cur, key) => node(cur)[key], v);

export function looksLikeCamt053(head: string): boolean {
  return /<(\w+:)?Document[\s>]/.test(head) && /camt\.053\./.test(head);
}

export function readCamt053(xml: string): ParsedStatement[] {
  const version = NAMESPACE.exec(xml);
  if (!version) refuse('is XML but not a camt.053 statement (no camt.053.001 namespace)');
  if (Number(version![1]) < 2) refuse(`is camt.053.001.${version![1]}; Folio reads 001.02 and later`);
  // The full well-formedness check costs a fifth of reading a large statement, so it runs when something is wrong:
  // a file cut off anywhere lacks its closing </Document>, and any other refusal is explained by it first if it fails.
  if (!/<\/(\w+:)?Document>\s*$/.test(xml.slice(-200))) wellFormed(xml, true);
  try {
    return readDocument(xml);
  } catch (e) {
    wellFormed(xml);
    throw e;
  }
}

function wellFormed(xml: string, cut = false): void {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) refuse(`is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  if (cut) refuse('is not well-formed XML (it does not end with </Document>: the file is cut off)');
}

function readDocument(xml: string): ParsedStatement[] {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (e) {
    return refuse(`is not well-formed XML (${e instanceof Error ? e.message : String(e)})`);
  }
  const statements = list(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (!statements.length) refuse('has no statement (Document/BkToCstmrStmt/Stmt)');

  // one statement per account (and period): each goes to its own account of the business
  return statements.map((stmt, s) => {
    const entries: ParsedEntry[] = [];
    const where = statements.length > 1 ? `statement ${s + 1}, ` : '';
    const iban = text(at(stmt, 'Acct', 'Id', 'IBAN')) || text(at(stmt, 'Acct', 'Id', 'Othr', 'Id'));
    if (!iban) refuse(`${where}has no account (Acct/Id)`);
    const accountCurrency = text(at(stmt, 'Acct', 'Ccy'));
    const period = [day(at(stmt, 'FrToDt', 'FrDtTm')), day(at(stmt, 'FrToDt', 'ToDtTm'))];
    let net = new Big(0);
    list(stmt['Ntry']).forEach((ntry, n) => {
      const label = `${where}entry ${n + 1}`;
      const status = text(ntry['Sts']) || text(at(ntry, 'Sts', 'Cd'));
      if (status && status !== 'BOOK') return; // pending or information only: not money on the account yet
      const amount = amountOf(ntry['Amt'], label);
      const currency = text(node(ntry['Amt'])['@Ccy']) || accountCurrency;
      if (!/^[A-Z]{3}$/.test(currency)) refuse(`${label}: the amount has no currency (Amt/@Ccy)`);
      const indicator = text(ntry['CdtDbtInd']);
      if (indicator !== 'CRDT' && indicator !== 'DBIT') refuse(`${label}: CdtDbtInd must be CRDT or DBIT, not "${indicator}"`);
      const direction = indicator === 'CRDT' ? 'credit' : 'debit';
      net = direction === 'credit' ? net.plus(amount) : net.minus(amount);
      const booking = day(at(ntry, 'BookgDt', 'Dt')) ?? day(at(ntry, 'BookgDt', 'DtTm'));
      if (!booking) refuse(`${label}: has no valid booking date (BookgDt)`);
      const value = day(at(ntry, 'ValDt', 'Dt')) ?? day(at(ntry, 'ValDt', 'DtTm'));
      const entryRef = text(ntry['AcctSvcrRef']) || text(ntry['NtryRef']);
      const txs = list(ntry['NtryDtls']).flatMap((d) => list(d['TxDtls']));
      const txAmounts = txs.map((tx) => text(at(tx, 'AmtDtls', 'TxAmt', 'Amt')) || text(tx['Amt']));
      const split = txs.length > 1 && txAmounts.every((a) => /^\d+(\.\d+)?$/.test(a)) && txAmounts.reduce((sum, a) => sum.plus(a), new Big(0)).eq(amount);
      const base = { booking_date: booking!, value_date: value, direction, currency } as const;
      if (split) {
        txs.forEach((tx, i) => entries.push({ ...base, ...details(tx, direction), amount: new Big(txAmounts[i]!).toFixed(), bank_ref: txRef(tx) || `${entryRef}/${i + 1}` }));
      } else {
        const first = txs[0] ?? {};
        const parts = details(first, direction);
        const remittance = cleanText([parts.remittance, ...txs.slice(1).map((tx) => details(tx, direction).remittance), txs.length ? '' : text(ntry['AddtlNtryInf'])].filter(Boolean).join(' '));
        entries.push({ ...base, ...parts, remittance, amount: amount.toFixed(), bank_ref: entryRef || txRef(first) });
      }
    });
    const dates = entries.map((e) => e.booking_date).sort();
    return {
      format: 'camt053' as const,
      statement_ref: text(stmt['Id']),
      account: accountText(iban),
      period_from: period[0] ?? dates[0] ?? null,
      period_to: period[1] ?? dates[dates.length - 1] ?? null,
      entries,
      ...balanceCheck(stmt, net, where),
    };
  });
}

function amountOf(amt: unknown, label: string): Big {
  const raw = text(amt);
  if (!/^\d{1,15}(\.\d{1,5})?$/.test(raw)) refuse(`${label}: "${raw}" is not an amount (Amt)`);
  const value = new Big(raw);
  if (value.lte(0)) refuse(`${label}: the amount must be more than zero`);
  if (!value.round(3).eq(value)) refuse(`${label}: "${raw}" has more than 3 decimals`);
  return value;
}

function day(v: unknown): string | null {
  const d = text(v).slice(0, 10);
  return isValidDate(d) ? d : null;
}

function txRef(tx: Node): string {
  return text(at(tx, 'Refs', 'AcctSvcrRef')) || text(at(tx, 'Refs', 'TxId'));
}

/** The other party (the payer of a credit, the payee of a debit) and the remittance text of a transaction. */
function details(tx: Node, direction: 'credit' | 'debit') {
  const [party, acct] = direction === 'credit' ? ['Dbtr', 'DbtrAcct'] : ['Cdtr', 'CdtrAcct'];
  const parties = node(tx['RltdPties']);
  const name = text(at(parties, party!, 'Nm')) || text(at(parties, party!, 'Pty', 'Nm'));
  const iban = text(at(parties, acct!, 'Id', 'IBAN')) || text(at(parties, acct!, 'Id', 'Othr', 'Id'));
  const rmt = node(tx['RmtInf']);
  const structured = list(rmt['Strd']).flatMap((s) => [text(at(s, 'CdtrRefInf', 'Ref')), text(s['AddtlRmtInf'])]);
  const unstructured = ([] as unknown[]).concat(rmt['Ustrd'] ?? []).map(text);
  const remittance = [...unstructured, ...structured];
  const e2e = text(at(tx, 'Refs', 'EndToEndId'));
  const uniq = [...new Set(remittance.filter(Boolean))];
  if (e2e && e2e !== 'NOTPROVIDED') uniq.push(e2e);
  return { counterparty_name: cleanText(name), counterparty_iban: accountText(iban), remittance: cleanText(uniq.join(' ')) };
}

/**
 * Opening balance + the booked entries = closing balance, when the statement gives both: a cut file fails here, unless
 * the user accepts the difference (it is then kept on the statement).
 */
function balanceCheck(stmt: Node, net: Big, where: string): { balance_difference: string | null; balance_problem: string } {
  const balances = list(stmt['Bal']);
  const signed = (code: string): Big | null => {
    const b = balances.find((x) => text(at(x, 'Tp', 'CdOrPrtry', 'Cd')) === code);
    if (!b) return null;
    const raw = text(b['Amt']);
    if (!/^\d+(\.\d+)?$/.test(raw)) refuse(`${where}balance ${code}: "${raw}" is not an amount`);
    return text(b['CdtDbtInd']) === 'DBIT' ? new Big(raw).neg() : new Big(raw);
  };
  const opening = signed('OPBD') ?? signed('PRCD');
  const closing = signed('CLBD');
  if (opening && closing && !opening.plus(net).eq(closing)) {
    return {
      balance_difference: closing.minus(opening.plus(net)).toFixed(),
      balance_problem: `${where}the entries do not add up: opening balance ${opening.toFixed()} + entries ${net.toFixed()} ≠ closing balance ${closing.toFixed()}`,
    };
  }
  return { balance_difference: null, balance_problem: '' };
}
