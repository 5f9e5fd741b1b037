// The Data screen's NAV export: the invoice data of a period (nav-queue/period-export.ts), each XML packed into the
// archive's spool under its invoice-number name (never a file of its own: names differing only in letter case must
// not meet on a file system that ignores case).
import type { Db } from '../db/types';
import type { ExportRange } from '../export/source';
import { invoiceDataOfPeriod } from '../nav-queue/period-export';
import type { ZipEntry, ZipSpool } from './zip';

export interface NavXmlResult {
  entries: ZipEntry[];
  skipped: Array<{ number: string; message: string }>;
}

export async function writeNavXml(
  db: Db,
  spool: ZipSpool,
  range: ExportRange,
  progress: (done: number, total: number) => void,
): Promise<NavXmlResult> {
  const entries: ZipEntry[] = [];
  const skipped: NavXmlResult['skipped'] = [];
  for await (const one of invoiceDataOfPeriod(db, range, progress)) {
    if (one.xml === null) {
      skipped.push({ number: one.number, message: one.error ?? '' });
      continue;
    }
    entries.push(spool.add(one.fileName, Buffer.from(one.xml, 'utf8')));
  }
  return { entries, skipped };
}
