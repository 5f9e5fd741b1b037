// Sums a side of the VAT analysis by VAT code, with the documents behind each code; integers in thousandths.
import { findVatCode } from '../../../shared/reference/vat-codes';
import { milliToString } from '../../../shared/money';
import type { VatReportRow, VatReportSide } from '../../../shared/reports';

interface Line {
  net: number;
  vat: number;
  documents: Set<number>;
}

export class VatTally {
  private readonly lines = new Map<string, Line>();

  add(vatId: string, net: number, vat: number, documents: Iterable<number>): void {
    const line = this.lines.get(vatId) ?? { net: 0, vat: 0, documents: new Set<number>() };
    line.net += net;
    line.vat += vat;
    for (const d of documents) line.documents.add(d);
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
          documents: [...line.documents].sort((a, b) => a - b),
        };
      });
    const documents = new Set<number>();
    let net = 0;
    for (const line of this.lines.values()) {
      net += line.net;
      for (const d of line.documents) documents.add(d);
    }
    return { rows, net: milliToString(net), vat: milliToString(this.vatMilli()), documents: [...documents].sort((a, b) => a - b) };
  }
}

/** NAV's vatPercentage lines: the ordinary Hungarian rates (27, 18, 5, 0 %). */
export function chargesHungarianVat(vatId: string): boolean {
  return (findVatCode(vatId)?.treatment ?? 'rate') === 'rate';
}
