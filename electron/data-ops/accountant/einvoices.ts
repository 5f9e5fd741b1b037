// The package's e-szamla/ folder: each issued invoice of the period as its EN 16931 e-invoice (UBL). Receipts have
// none (a nyugta is no invoice in law). The XML is only built here, not checked against the EN 16931 rules: the rules
// cost ~100 ms per invoice in SaxonJS, a year of invoices would add minutes to a package the PDFs already make slow,
// and the writer is the one every checked export uses (tests/reports check a sample of the package's files).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { FolioError } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import type { InvoiceAttributes, Resource } from '../../../shared/resources';
import type { Db } from '../../db/types';
import { einvoiceFileName, einvoiceModel, writeEinvoice } from '../../core/einvoice/index';
import { records } from '../../export/records';
import type { ExportRange } from '../../export/source';
import type { ZipEntry, ZipSpool } from '../zip';

export interface EinvoiceXmlResult {
  entries: ZipEntry[];
  /** invoices no e-invoice could be made of, and why (listed on the summary page) */
  skipped: Array<{ number: string; message: string }>;
}

const PAGE = 200;

/** Packs the UBL of every issued invoice dated in the range into `spool`, as e-szamla/<number>-ubl.xml. */
export async function writeEinvoiceXml(db: Db, spool: ZipSpool, range: ExportRange, tick: (done: number) => void): Promise<EinvoiceXmlResult> {
  const result: EinvoiceXmlResult = { entries: [], skipped: [] };
  for await (const batch of records(db, 'invoices', PAGE, range)) await einvoicesOfPage(db, spool, batch, result, tick);
  return result;
}

/**
 * The e-invoices of a page of the period's invoices read already (any kind: receipts, drafts… are left out here),
 * added to `result`; `tick(done)` after each.
 */
export async function einvoicesOfPage(
  db: Db,
  spool: ZipSpool,
  batch: Array<Resource<InvoiceAttributes>>,
  result: EinvoiceXmlResult,
  tick: (done: number) => void,
): Promise<void> {
  const invoices = batch.filter((r) => r.attributes.type === INVOICE_TYPE.invoice);
  const references = await buyerReferences(db, invoices.map((r) => r.attributes.client_uid));
  for (const { id, attributes: invoice } of invoices) {
    const number = invoice.prefixed_invoice_no ?? invoice.invoice_no ?? String(id);
    let xml: string | null = null;
    try {
      xml = writeEinvoice(einvoiceModel(invoice, { buyer_reference: references.get(invoice.client_uid) ?? null }), 'ubl');
    } catch (e) {
      result.skipped.push({ number, message: reasonOf(e) });
    }
    if (xml !== null) result.entries.push(spool.add(`e-szamla/${einvoiceFileName(number, 'ubl')}`, Buffer.from(xml, 'utf8')));
    tick(result.entries.length + result.skipped.length);
    // The PDF workers are fed from this thread: let their messages through between invoices, so they never wait
    // for a whole page of XML.
    await nextTurn();
  }
}

// The summary page is Hungarian: the reason an invoice cannot be an e-invoice, in its words; anything else (a bug
// of the mapping) keeps the error's own text.
const REASONS: Readonly<Record<string, string>> = {
  einvoice_mixed_out_of_scope: 'áfa hatályán kívüli (ÁKK, ÁTHK, EUE) és más tétel egy számlán: az EN 16931 ezt nem engedi (BR-O-11)',
};

function reasonOf(e: unknown): string {
  const reason = e instanceof FolioError ? e.errors?.[0]?.reason : undefined;
  return (reason && REASONS[reason]) ?? (e instanceof Error ? e.message : String(e));
}

/** The clients' buyer references (BT-10) as stored now: the invoice's client snapshot predates the field. */
async function buyerReferences(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('clients').select(['id', 'buyer_reference']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.buyer_reference]));
}
