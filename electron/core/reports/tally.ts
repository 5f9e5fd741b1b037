// Sums a side of the VAT analysis by VAT code, with the documents behind each code; integers in thousandths.
// A year's line may name 100,000 invoices: the lists given are kept as they are (not copied id by id), and made
// sorted and unique by marking them in a bitmap over their range and walking it — a year's ids are dense in their
// range — not through sets and comparator sorts; a sparse list is sorted with a typed array's numeric sort.
import { findVatCode } from '../../../shared/reference/vat-codes';
import { milliToString } from '../../../shared/money';
import type { VatReportRow, VatReportSide } from '../../../shared/reports';

interface Line {
  net: number;
  vat: number;
  /** the lists given, each owned by the tally from then on */
  documents: number[][];
}

export class VatTally {
  private readonly lines = new Map<string, Line>();

  /** `documents` (positive ids) is the tally's from now on: the caller must not change it. */
  add(vatId: string, net: number, vat: number, documents: number[]): void {
    const line = this.lines.get(vatId);
    if (line) {
      line.net += net;
      line.vat += vat;
      line.documents.push(documents);
    } else this.lines.set(vatId, { net, vat, documents: [documents] });
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
    return { rows, net: milliToString(net), vat: milliToString(this.vatMilli()), documents: sortedUnique(rows.map((r) => r.documents)) };
  }
}

/** NAV's vatPercentage lines: the ordinary Hungarian rates (27, 18, 5, 0 %). */
export function chargesHungarianVat(vatId: string): boolean {
  return (findVatCode(vatId)?.treatment ?? 'rate') === 'rate';
}

/** The ids of the lists, each once, in ascending order. */
function sortedUnique(lists: number[][]): number[] {
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const list of lists) {
    count += list.length;
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      if (id < min) min = id;
      if (id > max) max = id;
    }
  }
  const out: number[] = [];
  if (count === 0) return out;
  if (max - min > count * 32) {
    const sorted = new Float64Array(count);
    let k = 0;
    for (const list of lists) for (let i = 0; i < list.length; i++) sorted[k++] = list[i]!;
    sorted.sort();
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i]!);
    return out;
  }
  const seen = new Uint8Array(max - min + 1);
  for (const list of lists) for (let i = 0; i < list.length; i++) seen[list[i]! - min] = 1;
  for (let i = 0; i < seen.length; i++) if (seen[i]) out.push(i + min);
  return out;
}
