// Statement files built the way the published formats lay them out, for the parser and matching tests: camt.053
// (001.02 and 001.08 namespaces and element shapes), MT940 (SWIFT fields, :86: structured or free text) and two
// Hungarian internet-bank CSV shapes (one semicolon-separated Windows-1250 with a signed amount, one comma-separated
// UTF-8 with separate credit and debit columns). Written here from the formats, not from the code under test.
import { Big } from '../../shared/money';
import { csv, windows1250, utf8 } from '../import/files';

export interface TestEntry {
  ref: string;
  date: string;
  /** positive decimal text */
  amount: string;
  direction: 'credit' | 'debit';
  currency?: string;
  name?: string;
  iban?: string;
  remittance?: string;
}

export const OWN_IBAN = 'HU42117730161111101800000000';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function balances(entries: TestEntry[], opening: string) {
  const net = entries.reduce((sum, e) => (e.direction === 'credit' ? sum.plus(e.amount) : sum.minus(e.amount)), new Big(0));
  return { opening: new Big(opening), closing: new Big(opening).plus(net) };
}

/** camt.053: version '02' names parties directly and gives the status as text; '08' wraps them (Pty, Sts/Cd). */
export function camt053(entries: TestEntry[], options: { version?: '02' | '08'; opening?: string; iban?: string; closing?: string } = {}): string {
  const v = options.version ?? '02';
  const { opening, closing } = balances(entries, options.opening ?? '1000000');
  const bal = (code: string, amount: Big, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="HUF">${amount.abs().toFixed(2)}</Amt><CdtDbtInd>${amount.lt(0) ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const first = entries[0]?.date ?? '2026-03-01';
  const last = entries[entries.length - 1]?.date ?? '2026-03-31';
  const party = (tag: string, name?: string) => (name ? (v === '02' ? `<${tag}><Nm>${esc(name)}</Nm></${tag}>` : `<${tag}><Pty><Nm>${esc(name)}</Nm></Pty></${tag}>`) : '');
  const ntry = entries
    .map((e) => {
      const credit = e.direction === 'credit';
      const other = credit ? 'Dbtr' : 'Cdtr';
      return `<Ntry>
        <NtryRef>${esc(e.ref)}</NtryRef>
        <Amt Ccy="${e.currency ?? 'HUF'}">${new Big(e.amount).toFixed(2)}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        ${v === '02' ? '<Sts>BOOK</Sts>' : '<Sts><Cd>BOOK</Cd></Sts>'}
        <BookgDt><Dt>${e.date}</Dt></BookgDt>
        <ValDt><Dt>${e.date}</Dt></ValDt>
        <AcctSvcrRef>${esc(e.ref)}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties>${party(other, e.name)}${e.iban ? `<${other}Acct><Id><IBAN>${e.iban}</IBAN></Id></${other}Acct>` : ''}</RltdPties>
          ${e.remittance ? `<RmtInf><Ustrd>${esc(e.remittance)}</Ustrd></RmtInf>` : ''}
        </TxDtls></NtryDtls>
      </Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-${first}</MsgId><CreDtTm>${last}T23:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-${first}-${last}</Id>
      <ElctrncSeqNb>1</ElctrncSeqNb>
      <CreDtTm>${last}T23:00:00</CreDtTm>
      <FrToDt><FrDtTm>${first}T00:00:00</FrDtTm><ToDtTm>${last}T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${options.iban ?? OWN_IBAN}</IBAN></Id><Ccy>HUF</Ccy></Acct>
      ${bal('OPBD', opening, first)}
      ${bal('CLBD', options.closing ? new Big(options.closing) : closing, last)}
      ${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

const yymmdd = (d: string) => d.slice(2).replace(/-/g, '');
const mtAmount = (a: Big | string) => new Big(a).abs().toFixed(2).replace('.', ',');

/** MT940: ':86:' in the "?20…?32" subfield form (structured) or as free text, per entry. */
export function mt940(entries: TestEntry[], options: { info?: 'structured' | 'slashes' | 'free'; opening?: string; account?: string; closing?: string } = {}): string {
  const { opening, closing } = balances(entries, options.opening ?? '250000');
  const first = entries[0]?.date ?? '2026-03-01';
  const last = entries[entries.length - 1]?.date ?? '2026-03-31';
  const lines = [':20:MT940-' + yymmdd(first), `:25:${options.account ?? OWN_IBAN}`, ':28C:00042/001', `:60F:${opening.lt(0) ? 'D' : 'C'}${yymmdd(first)}HUF${mtAmount(opening)}`];
  for (const e of entries) {
    lines.push(`:61:${yymmdd(e.date)}${e.date.slice(5).replace('-', '')}${e.direction === 'credit' ? 'C' : 'D'}${mtAmount(e.amount)}NTRFNONREF//${e.ref}`);
    const text = e.remittance ?? '';
    if (options.info === 'free') {
      const free = `${e.name ?? ''} ${e.iban ?? ''} ${text}`.trim();
      lines.push(`:86:${free.slice(0, 65)}`, ...(free.length > 65 ? [free.slice(65)] : []));
    } else if (options.info === 'slashes') {
      lines.push(`:86:/REMI/${text}/NAME/${e.name ?? ''}/IBAN/${e.iban ?? ''}`);
    } else {
      // ?20–?29: the remittance in 27-character pieces; ?31 the other party's account, ?32 its name
      const pieces = text.match(/.{1,27}/g) ?? [];
      const sub = pieces.map((p, i) => `?${20 + i}${p}`).join('');
      const body = `166?00${e.direction === 'credit' ? 'JOVAIRAS' : 'TERHELES'}${sub}?31${e.iban ?? ''}?32${(e.name ?? '').slice(0, 27)}`;
      lines.push(`:86:${body.slice(0, 65)}`, ...(body.slice(65).match(/.{1,65}/g) ?? []));
    }
  }
  lines.push(`:62F:${closing.lt(0) ? 'D' : 'C'}${yymmdd(last)}HUF${mtAmount(options.closing ?? closing)}`, '-');
  return `${lines.join('\r\n')}\r\n`;
}

/** Hungarian amount form: "1 234 567,89" with a minus for debits. */
function huAmount(e: TestEntry): string {
  const [int, frac] = new Big(e.amount).toFixed(2).split('.');
  return `${e.direction === 'debit' ? '-' : ''}${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${frac}`;
}
const huDate = (d: string) => `${d.replace(/-/g, '.')}.`;

export const BANK_A_HEADER = ['Könyvelés dátuma', 'Értéknap', 'Összeg', 'Devizanem', 'Partner neve', 'Partner számlaszáma', 'Közlemény', 'Tranzakció azonosító'];

/** Bank A: semicolons, Windows-1250, "2026.03.05." dates, one signed amount in the Hungarian form. */
export function bankACsv(entries: TestEntry[]): Buffer {
  const rows = entries.map((e) => [huDate(e.date), huDate(e.date), huAmount(e), e.currency ?? 'HUF', e.name ?? '', e.iban ?? '', e.remittance ?? '', e.ref]);
  return windows1250(csv([BANK_A_HEADER, ...rows], ';'));
}

export const BANK_B_HEADER = ['Dátum', 'Jóváírás', 'Terhelés', 'Partner', 'Partner IBAN', 'Közlemény 1', 'Közlemény 2'];

/** Bank B: commas, UTF-8 with a BOM, ISO dates, credit and debit in separate columns with a decimal point. */
export function bankBCsv(entries: TestEntry[]): Buffer {
  const rows = entries.map((e) => {
    // the payer's text in two lines, broken at a space
    const text = e.remittance ?? '';
    const cut = text.length > 35 ? text.lastIndexOf(' ', 35) : text.length;
    return [e.date, e.direction === 'credit' ? new Big(e.amount).toFixed(2) : '', e.direction === 'debit' ? new Big(e.amount).toFixed(2) : '', e.name ?? '', e.iban ?? '', text.slice(0, cut), text.slice(cut + 1)];
  });
  return utf8(csv([BANK_B_HEADER, ...rows], ','), true);
}

export const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64');
