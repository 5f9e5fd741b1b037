// Sums a side of the VAT analysis by VAT code, with the documents behind each code; integers in thousandths.
// A year's line may name 100,000 invoices: the lists are kept as plain arrays, sorted with a typed array's
// numeric sort and merged through a bitmap, not through sets and comparator sorts.
import { findVatCode } from '../../../shared/reference/vat-codes';
import { milliToString } from '../../../shared/money';
import type { VatReportRow, VatReportSide } from '../../../shared/reports';

interface Line {
  net: number;
  vat: number;
  documents: number[];
}

export class VatTally {
  private readonly lines = new Map<string, Line>();

  add(vatId: string, net: number, vat: number, documents: number[]): void {
    const line = this.lines.get(vatId) ?? { net: 0, vat: 0, documents: [] };
    line.net += net;
    line.vat += vat;
    for (const d of documents) line.documents.push(d);
    this.lines.set(vatId, line);
  }

  /** The Hungarian VAT of the side, in thousandths: the lines of ordinary rates only. */
  vatMilli(): number {
    let sum = 0;
    for (const [vatId, line] of this.lines) if (chargesHungarianVat(vatId)) sum += line.vat;
    return sum;
  }

  side(): VatReportSide {
    const rows: VatReportRow[] = [...this.lines.entries()]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([vatId, line]) => {
        const code = findVatCode(vatId);
        return {
          vat_id: vatId,
          vat_description: code?.description ?? vatId,
          vat_rate: code?.value ?? '0',
          treatment: code?.treatment ?? 'rate',
          net: milliToString(line.net),
          vat: milliToString(line.vat),
          documents: sortedUnique(line.documents),
        };
      });
    let net = 0;
    for (const line of this.lines.values()) net += line.net;
    return { rows, net: milliToString(net), vat: milliToString(this.vatMilli()), documents: union(rows.map((r) => r.documents)) };
  }
}

/** NAV's vatPercentage lines: the ordinary Hungarian rates (27, 18, 5, 0 %). */
export function chargesHungarianVat(vatId: string): boolean {
  return (findVatCode(vatId)?.treatment ?? 'rate') === 'rate';
}

function sortedUnique(ids: number[]): number[] {
  const sorted = Float64Array.from(ids).sort();
  const out: number[] = [];
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i]!);
  return out;
}

function union(lists: number[][]): number[] {
  let max = 0;
  for (const list of lists) if (list.length && list[list.length - 1]! > max) max = list[list.length - 1]!;
  const seen = new Uint8Array(max + 1);
  for (const list of lists) for (const id of list) seen[id] = 1;
  const out: number[] = [];
  for (let id = 0; id <= max; id++) if (seen[id]) out.push(id);
  return out;
}
