// The package's nav/ and e-szamla/ folders in one pass over the period's invoices: each page of invoices is read
// once (rows, lines, payments, linked documents) and gives both its NAV invoiceData XML (the reported invoices, as the
// Data screen's NAV export builds them: nav-queue/period-export.ts) and its EN 16931 e-invoices (einvoices.ts). Each
// XML is packed into the package's ZIP spool as it is made.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import type { InvoiceRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { loadInvoices } from '../../core/invoices/mapping';
import { batches, type ExportRange } from '../../export/source';
import { invoiceDataOfPage, reportedRow } from '../../nav-queue/period-export';
import type { NavXmlResult } from '../nav-xml';
import type { ZipSpool } from '../zip';
import { einvoicesOfPage, type EinvoiceXmlResult } from './einvoices';

const PAGE = 200;

export interface InvoiceXmlTicks {
  /** reported invoices done (NAV XML made or skipped) */
  nav(done: number): void;
  /** invoices done for the e-szamla/ folder */
  einvoice(done: number): void;
}

/** Packs nav/<number>.xml and e-szamla/<number>-ubl.xml of every invoice dated in the range, in id order. */
export async function writeInvoiceXml(db: Db, spool: ZipSpool, range: ExportRange, ticks: InvoiceXmlTicks): Promise<{ nav: NavXmlResult; einvoices: EinvoiceXmlResult }> {
  const nav: NavXmlResult = { entries: [], skipped: [] };
  const einvoices: EinvoiceXmlResult = { entries: [], skipped: [] };
  let navDone = 0;
  for await (const rows of batches<InvoiceRow>(db, 'invoices', PAGE, range)) {
    const invoices = await loadInvoices(db, rows);
    const reported: { rows: InvoiceRow[]; invoices: Array<Resource<InvoiceAttributes>> } = { rows: [], invoices: [] };
    rows.forEach((row, i) => {
      if (!reportedRow(row)) return;
      reported.rows.push(row);
      reported.invoices.push(invoices[i]!);
    });
    for await (const one of invoiceDataOfPage(db, reported.rows, reported.invoices, (j) => ticks.nav(navDone + j))) {
      if (one.xml === null) nav.skipped.push({ number: one.number, message: one.error ?? '' });
      else nav.entries.push(spool.add(`nav/${one.fileName}`, Buffer.from(one.xml, 'utf8')));
    }
    navDone += reported.rows.length;
    ticks.nav(navDone);
    await einvoicesOfPage(db, spool, invoices, einvoices, ticks.einvoice);
    await nextTurn();
  }
  return { nav, einvoices };
}
