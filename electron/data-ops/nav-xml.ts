// The Data screen's NAV export: the invoice data of a period (nav-queue/period-export.ts), each XML written to disk
// under a plain running number (names differing only in letter case must not meet on a file system that ignores
// case); the archive gets the invoice-number names.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/types';
import type { ExportRange } from '../export/source';
import { invoiceDataOfPeriod } from '../nav-queue/period-export';
import type { ZipEntry } from './zip';

export interface NavXmlResult {
  entries: ZipEntry[];
  skipped: Array<{ number: string; message: string }>;
}

export async function writeNavXml(
  db: Db,
  dir: string,
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
    const path = join(dir, `${entries.length + 1}.xml`);
    writeFileSync(path, one.xml);
    entries.push({ name: one.fileName, path });
  }
  return { entries, skipped };
}
