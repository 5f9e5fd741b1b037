// The accountant's message, in Hungarian (the package itself is Hungarian: its folders, the summary, the VAT
// analysis): whose package, which period, what is inside (the counts of the finished package), and which part of
// it this message carries when it comes in several.
import type { AccountantPackage } from './package';

export interface PackageMailText {
  seller: string;
  accountantName: string;
  range: { from: string; to: string };
  counts: AccountantPackage['counts'];
  skipped: number;
  /** 1-based; with `parts` > 1 the subject says "(1/3)" */
  part: number;
  parts: number;
  /** the files this message's ZIP holds */
  files: string[];
}

export function packageSubject(m: Pick<PackageMailText, 'seller' | 'range' | 'part' | 'parts'>): string {
  const base = `Könyvelői csomag – ${m.seller} – ${m.range.from}–${m.range.to}`;
  return m.parts > 1 ? `${base} (${m.part}/${m.parts})` : base;
}

const n = (counts: Record<string, number>, key: string) => counts[key] ?? 0;

export function packageText(m: PackageMailText): string {
  const c = m.counts;
  const lines = [
    m.accountantName.trim() ? `Kedves ${m.accountantName.trim()}!` : 'Kedves Könyvelő!',
    '',
    `Mellékelten küldöm a(z) ${m.seller} könyvelői csomagját a ${m.range.from} – ${m.range.to} időszakról.`,
  ];
  if (m.parts > 1) {
    lines.push(
      '',
      `A csomag a mérete miatt ${m.parts} levélben érkezik, ez a(z) ${m.part}. rész. Minden levél melléklete önálló ZIP-fájl; ` +
        'az 1. rész tartalmazza az összesítőt, az áfa-analitikát és a CSV-táblákat.',
    );
  }
  lines.push(
    '',
    'A csomag tartalma:',
    `- kiállított számlák PDF-ben (szamlak/): ${n(c, 'invoices')} db`,
    `- a számlák NAV-adatszolgáltatása, invoiceData XML (nav/): ${n(c, 'nav_xml')} db`,
    // the EN 16931 e-invoices, in packages that hold them (counts.einvoice_xml, folder e-szamla/)
    ...('einvoice_xml' in c ? [`- e-számlák, EN 16931 UBL XML (e-szamla/): ${n(c, 'einvoice_xml')} db`] : []),
    `- a költségekhez csatolt bizonylatok (koltsegek/): ${n(c, 'expense_files')} db`,
    `- CSV-táblák (csv/): ${n(c, 'csv_invoices')} számla a tételeivel és fizetéseivel, ${n(c, 'csv_expenses')} költség, ${n(c, 'csv_clients')} ügyfél, ${n(c, 'csv_products')} termék`,
    '- áfa-analitika (afa-analitika.pdf, .xlsx, .csv) és összesítő (osszesito.pdf)',
  );
  if (m.skipped > 0) lines.push(`- ${m.skipped} számlához nem készült NAV XML: az okát az osszesito.pdf sorolja fel`);
  if (m.parts > 1) {
    const inThis = [
      ['szamlak/', 'számla PDF'],
      ['nav/', 'NAV XML'],
      ['e-szamla/', 'e-számla'],
      ['koltsegek/', 'költségbizonylat'],
      ['csv/', 'CSV-tábla'],
    ]
      .map(([folder, what]) => [m.files.filter((f) => f.startsWith(folder!)).length, what] as const)
      .filter(([count]) => count > 0)
      .map(([count, what]) => `${count} ${what}`);
    const top = m.files.filter((f) => !f.includes('/'));
    lines.push('', `Ebben a részben: ${[...top, ...inThis].join(', ')}.`);
  }
  lines.push('', 'Üdvözlettel:', m.seller);
  return lines.join('\n');
}
