// The dry run of issuing (POST /invoices/check): an invoice body checked as if it were issued now — references,
// amounts, the rate and the legal checks — answered as {errors, warnings}, with nothing numbered or written. The
// editor runs it while the user types and before its confirm dialog.
import type { InvoiceCreateInput } from '../../../shared/contract/schemas';
import { FolioError, type FieldError } from '../../../shared/errors';
import { writeTransaction } from '../../db/transaction';
import { today } from '../context';
import { legalCheck } from './legal/check';
import type { LegalIssue } from './legal/rules';
import { exchangeRate, requestContent } from './request';
import { HOME_RATE, type InvoiceEnv, type RateQuote } from './types';

export interface CheckResult {
  errors: FieldError[];
  warnings: LegalIssue[];
}

/** A refusal's field errors, as the dry run lists them; anything else is not the body's fault and is thrown. */
function problemsOf(e: unknown): FieldError[] {
  if (!(e instanceof FolioError) || e.status >= 500) throw e;
  return e.errors?.length ? e.errors : [{ field: '', message: e.message }];
}

export async function checkInvoiceRequest(env: InvoiceEnv, input: InvoiceCreateInput): Promise<CheckResult> {
  let rate: RateQuote = HOME_RATE;
  const errors: FieldError[] = [];
  try {
    rate = await exchangeRate(env, input.currency, input.exchange_rate, input.fulfillment_date);
  } catch (e) {
    // the rest is still checked, at rate 1: the rate's problem is its own entry
    errors.push(...problemsOf(e));
  }
  return writeTransaction(env.ctx.db, async (trx): Promise<CheckResult> => {
    let request: Awaited<ReturnType<typeof requestContent>>;
    try {
      request = await requestContent(trx, input, rate);
    } catch (e) {
      return { errors: [...errors, ...problemsOf(e)], warnings: [] };
    }
    const legal = await legalCheck(trx, { ...request.content, date: today(env.ctx) }, request.lines);
    return { errors: [...errors, ...legal.errors], warnings: legal.warnings };
  });
}
