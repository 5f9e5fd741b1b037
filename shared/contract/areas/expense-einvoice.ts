// Receiving a supplier's e-invoice (UBL 2.1, CII D16B, or a Factur-X / ZUGFeRD PDF carrying CII) as an expense.
// The file travels in the call (base64, like an expense's document); `preview` reads and checks it and answers with
// the expense it would record, saving nothing (the confirmation screen), and the same call without it records the
// expense with the file kept as its document. Not an e-invoice, or failing the EN 16931 rules: 422 naming each rule;
// imported before (same supplier and invoice number): 409 with that expense's id. See docs/einvoice.md.
import { z } from 'zod';
import { op, post } from '../define';
import { bool, requiredText, text } from '../fields';
import type { ExpenseAttributes, Resource } from '../../resources';
import { EXPENSE_FILE_MAX_BYTES } from '../schemas';

/** An e-invoice file may be as large as an expense's document (10 MB). */
export const EINVOICE_FILE_MAX_BYTES = EXPENSE_FILE_MAX_BYTES;
/** A request that carries one: the base64 of the largest file and the JSON around it. */
export const EINVOICE_MAX_BODY_BYTES = Math.ceil(EINVOICE_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;

export const expenseEinvoiceInput = z.object({
  /** the file's name as the user knew it (kept with the expense); the type is read from the content */
  file_name: requiredText(255).optional(),
  content_base64: z
    .string({ error: 'must be the file, base64-encoded' })
    .min(1, 'is empty')
    .refine((v) => v.length <= Math.ceil(EINVOICE_FILE_MAX_BYTES / 3) * 4 + 4, { message: 'is larger than 10 MB' })
    .refine((v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v), { message: 'must be the file, base64-encoded' }),
  /** read and check only: answer with the expense it would be, save nothing */
  preview: bool().optional(),
  /** the expense category (default 16, other costs) and its name (default: the first line's item) */
  categories_id: z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .optional(),
  name: text(255).optional(),
});
export type ExpenseEinvoiceInput = z.output<typeof expenseEinvoiceInput>;

/** One of the EN 16931 rules the file fails: id (BR-CO-16), fatal or warning, and the rule in its own words. */
export interface EinvoiceRuleNote {
  id: string;
  flag: 'fatal' | 'warning';
  text: string;
}

export interface EinvoiceLineView {
  id: string;
  name: string;
  quantity: string | null;
  unit: string | null;
  net: string;
  category: string | null;
  rate: string | null;
}

export interface ExpenseEinvoiceResult {
  /** false for a preview: nothing was recorded, and the expense's id is 0 */
  saved: boolean;
  syntax: 'ubl' | 'cii';
  /** how the file came: the XML itself or a PDF carrying it (Factur-X / ZUGFeRD) */
  container: 'xml' | 'pdf';
  expense: Resource<ExpenseAttributes>;
  /** BT-115, signed like the expense (what is left to pay after prepayments) */
  amount_due: string;
  buyer_name: string | null;
  lines: EinvoiceLineView[];
  /** rules flagged as warnings (the fatal ones refuse the file) */
  warnings: EinvoiceRuleNote[];
}

export const expenseEinvoiceOperations = {
  'expenses.einvoice': op<ExpenseEinvoiceResult>()({
    name: 'expenses.einvoice',
    summary:
      "Read a supplier's e-invoice (UBL, CII or Factur-X PDF; base64, or the raw file as application/xml or application/pdf) into an expense; preview=true records nothing",
    input: expenseEinvoiceInput,
    // The raw file as the body (the other fields in the query) arrives as content_base64.
    http: { ...post('/expenses/einvoice', 'data', 'expense_einvoice'), fileBody: { field: 'content_base64', types: ['application/xml', 'text/xml', 'application/pdf'] } },
  }),
} as const;
