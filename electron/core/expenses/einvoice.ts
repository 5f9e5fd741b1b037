// Receiving a supplier's e-invoice as an expense (expenses.einvoice): open the file (XML, or the PDF carrying it),
// check it against the EN 16931 rules before anything else, read it, recognise an invoice imported before, then
// (unless previewing) record the expense, its VAT breakdown and the original file in one transaction.
import type { EinvoiceRuleNote, ExpenseEinvoiceInput, ExpenseEinvoiceResult } from '../../../shared/contract/areas/expense-einvoice';
import { EINVOICE_FILE_MAX_BYTES } from '../../../shared/contract/areas/expense-einvoice';
import { FolioError, invalid } from '../../../shared/errors';
import { milliToString } from '../../../shared/money';
import { EXPENSE_CATEGORIES_HU } from '../../../shared/reference/expense-categories';
import type { ExpenseAttributes, Resource } from '../../../shared/resources';
import type { ExpenseRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { writeTransaction } from '../../db/transaction';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { validateEn16931, type RuleFailure } from '../einvoice/rules';
import type { OpenError } from '../einvoice/receive/open';
import { expenseFromEinvoice, hungarianTaxpayerId, supplierKey, type ImportedExpense } from './einvoice-map';
import { cleanFileName } from './attachments';
import { expenseResource } from './mapping';
import { fillNavExpense } from './einvoice-fill';

const FILE = 'content_base64';

/** A rule in plain words: "BR-CO-16: Amount due for payment (BT-115) = …" (the rules write "[BR-CO-16]-…"). */
export function ruleInWords(f: Pick<RuleFailure, 'id' | 'text'>): string {
  const text = f.text.replace(/^\[[^\]]+\]\s*-?\s*/, '').trim();
  return `${f.id}: ${text}`;
}

function refused(failures: RuleFailure[]): FolioError {
  const ids = failures.map((f) => f.id).join(', ');
  return new FolioError(
    'rule_violation',
    `The file is not a valid e-invoice: it fails ${failures.length === 1 ? 'the EN 16931 rule' : 'these EN 16931 rules'} ${ids}`,
    failures.map((f) => ({ field: FILE, message: ruleInWords(f), reason: 'einvoice_rule', meta: { rule: f.id, location: f.location } })),
  );
}

function unreadable(e: OpenError): FolioError {
  return new FolioError('rule_violation', `The file is not an e-invoice: ${e.message}`, [{ field: FILE, message: e.message, reason: `einvoice_${e.reason}` }]);
}

/** The full Hungarian tax number this Folio knows for a supplier named only by HU + 8 digits (a client, or an earlier expense). */
async function knownHungarianTaxNumber(db: Db, taxpayerId: string | null): Promise<string | null> {
  if (!taxpayerId) return null;
  const like = `${taxpayerId}-_-__`;
  const client = await db.selectFrom('clients').select('taxcode').where('taxcode', 'like', like).where('deleted_at', 'is', null).executeTakeFirst();
  if (client) return client.taxcode;
  const expense = await db.selectFrom('expenses').select('supplier_taxcode').where('supplier_taxcode', 'like', like).executeTakeFirst();
  return expense?.supplier_taxcode ?? null;
}

/** An expense recorded before for the same supplier and invoice number: imported, typed in, or synced. */
async function importedBefore(db: Db, e: ImportedExpense): Promise<number | null> {
  if (!e.invoice_no) return null;
  const rows = await db
    .selectFrom('expenses')
    .select(['id', 'einvoice_supplier_key', 'supplier_taxcode', 'supplier_name'])
    .where('invoice_no', '=', e.invoice_no)
    .execute();
  const same = rows.find((r) => r.einvoice_supplier_key === e.supplier_key || supplierKey(r.supplier_taxcode, r.supplier_name) === e.supplier_key);
  return same?.id ?? null;
}

function duplicate(id: number, e: ImportedExpense): FolioError {
  return new FolioError('conflict', `This invoice (${e.invoice_no} of ${e.supplier_name}) was imported before, as expense ${id}`, [
    { field: FILE, message: `was imported before, as expense ${id}`, reason: 'einvoice_imported_before', meta: { expense_id: String(id), invoice_no: e.invoice_no } },
  ]);
}

function columns(e: ImportedExpense, syntax: 'ubl' | 'cii') {
  return {
    categories_id: e.categories_id,
    name: e.name,
    invoice_no: e.invoice_no,
    client_id: null,
    kind: e.kind,
    supplier_name: e.supplier_name,
    supplier_taxcode: e.supplier_taxcode,
    supplier_iban: e.supplier_iban,
    invoice_date: e.invoice_date,
    fulfillment_date: e.fulfillment_date,
    due_date: e.due_date,
    payment_date: null,
    paid: e.paid ? 1 : 0,
    currency: e.currency,
    vat_id: e.vat_id,
    gross_price_milli: e.gross,
    net_price_milli: e.net,
    vat_amount_milli: e.vat,
    einvoice_syntax: syntax,
    einvoice_supplier_key: e.supplier_key,
    supplier_vat_id: e.identifiers.vat_id,
    supplier_tax_registration: e.identifiers.tax_registration,
    supplier_legal_registration: e.identifiers.legal_registration?.id ?? '',
    supplier_legal_registration_scheme: e.identifiers.legal_registration?.scheme ?? '',
    supplier_identifiers: JSON.stringify(e.identifiers.identifiers),
    payment_method: '',
    category_v3: '',
  };
}

function fileNameOf(name: string | undefined, container: 'xml' | 'pdf'): string {
  return name?.trim() ? cleanFileName(name) : container === 'pdf' ? 'e-invoice.pdf' : 'e-invoice.xml';
}

export function createEinvoiceImport(ctx: CoreContext) {
  const { db } = ctx;

  return async function importEinvoice(input: ExpenseEinvoiceInput): Promise<ExpenseEinvoiceResult> {
    if (input.categories_id !== undefined && !EXPENSE_CATEGORIES_HU.some((c) => c.id === input.categories_id)) {
      throw invalid('categories_id', 'is not a known expense category (see GET /expenses/categories/hu)');
    }
    const bytes = Buffer.from(input.content_base64, 'base64');
    if (bytes.length > EINVOICE_FILE_MAX_BYTES) {
      throw new FolioError('payload_too_large', 'The file is larger than 10 MB', [{ field: FILE, message: 'is larger than 10 MB' }]);
    }

    // the readers (with the XML parser) are loaded by the first e-invoice received, not with the core
    const [{ openEinvoice, OpenError }, { readCii }, { readUbl }] = await Promise.all([
      import('../einvoice/receive/open'),
      import('../einvoice/receive/cii-read'),
      import('../einvoice/receive/ubl-read'),
    ]);
    let opened;
    try {
      opened = openEinvoice(bytes);
    } catch (e) {
      if (e instanceof OpenError) throw unreadable(e);
      throw e;
    }
    // the rules first: a file that fails them is not read into anything
    const failures = await validateEn16931(opened.syntax, opened.xml);
    const fatal = failures.filter((f) => f.flag === 'fatal');
    // the rules' parser found the XML not well-formed (the reader here is lenient about that): not XML after all
    const malformed = fatal.find((f) => f.id === 'XML');
    if (malformed) throw unreadable(new OpenError('not_xml', `The file is not well-formed XML: ${malformed.text}`));
    if (fatal.length) throw refused(fatal);
    const warnings: EinvoiceRuleNote[] = failures.filter((f) => f.flag === 'warning').map((f) => ({ id: f.id, flag: f.flag, text: ruleInWords(f) }));

    const received = opened.syntax === 'ubl' ? readUbl(opened.root) : readCii(opened.root);
    let expense: ImportedExpense;
    try {
      expense = expenseFromEinvoice(received, {
        categories_id: input.categories_id,
        name: input.name,
        knownHungarian: await knownHungarianTaxNumber(db, hungarianTaxpayerId(received)),
      });
    } catch (e) {
      // amounts the rules let through but Folio cannot hold exactly (more than 3 decimals)
      throw new FolioError('rule_violation', `The e-invoice cannot be recorded: ${(e as Error).message}`, [{ field: FILE, message: (e as Error).message, reason: 'einvoice_amounts' }]);
    }

    const earlier = await importedBefore(db, expense);
    const earlierRow = earlier === null ? undefined : await db.selectFrom('expenses').selectAll().where('id', '=', earlier).executeTakeFirst();
    // booked from NAV's data before: the file fills that expense (einvoice-fill.ts); anything else is a duplicate
    if (earlier !== null && earlierRow?.einvoice_syntax !== 'nav') throw duplicate(earlier, expense);

    const now = nowStamp(ctx);
    const common = {
      syntax: opened.syntax,
      container: opened.container,
      amount_due: milliToString(expense.due),
      buyer_name: received.buyer_name,
      lines: received.lines,
      warnings,
    };
    const breakdown = expense.breakdown.map((b) => ({ ...b, net: milliToString(b.net), vat: milliToString(b.vat) }));
    const file = { file_name: fileNameOf(input.file_name, opened.container), content_type: opened.content_type, size: bytes.length };

    if (earlierRow) {
      if (!input.preview) {
        const filled = await writeTransaction(db, async (trx) => {
          const current = await trx.selectFrom('expenses').selectAll().where('id', '=', earlierRow.id).executeTakeFirstOrThrow();
          await fillNavExpense(trx, current, expense, now);
          return trx.selectFrom('expenses').selectAll().where('id', '=', earlierRow.id).executeTakeFirstOrThrow();
        });
        return { saved: true, ...common, expense: expenseResource(filled, undefined, null, { syntax: opened.syntax, vat_breakdown: breakdown }) };
      }
      return { saved: false, ...common, expense: expenseResource(earlierRow, undefined, null, { syntax: opened.syntax, vat_breakdown: breakdown }) };
    }

    if (input.preview) {
      const row: ExpenseRow = { id: 0, ...columns(expense, opened.syntax), created_at: now, updated_at: now };
      return { saved: false, ...common, expense: expenseResource(row, undefined, file, { syntax: opened.syntax, vat_breakdown: breakdown }) };
    }

    const saved = await writeTransaction(db, async (trx) => {
      // checked again where it is written: two imports of one file at once record it once
      const again = await importedBefore(trx, expense);
      if (again !== null) throw duplicate(again, expense);
      const row = await trx
        .insertInto('expenses')
        .values({ ...columns(expense, opened.syntax), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (expense.breakdown.length) {
        await trx
          .insertInto('expense_vat_rates')
          .values(expense.breakdown.map((b, position) => ({ expense_id: row.id, position, category: b.category, rate: b.rate, net_milli: b.net, vat_milli: b.vat, exemption_reason: b.exemption_reason })))
          .execute();
      }
      await trx.insertInto('expense_attachments').values({ expense_id: row.id, ...file, content: bytes, created_at: now }).execute();
      return row;
    });
    const resource: Resource<ExpenseAttributes> = expenseResource(saved, undefined, file, { syntax: opened.syntax, vat_breakdown: breakdown });
    return { saved: true, ...common, expense: resource };
  };
}
