// The VAT analysis (áfa analitika) of a period: output VAT by VAT code from the issued invoices (accrual.ts rules in
// tax-point.ts, cash accounting in cash.ts), input VAT from the expenses, and the balance to pay or reclaim.
import { milliToString } from '../../../shared/money';
import type { ReportPeriod, VatAnalysis } from '../../../shared/reports';
import { vatStatusOf } from '../../../shared/seller';
import type { CoreContext } from '../context';
import { readSettings } from '../settings/service';
import { cashOutput } from './cash';
import { inputVat } from './input-vat';
import { accrualOutput } from './output-vat';
import { VatTally } from './tally';
import { checkPeriod } from './period';

export async function vatAnalysis(ctx: CoreContext, period: ReportPeriod): Promise<VatAnalysis> {
  const { from, to } = checkPeriod(period);
  const settings = await readSettings(ctx.db);
  const cashAccounting = vatStatusOf(settings.seller) === 'cash_accounting';

  const output = new VatTally();
  await accrualOutput(ctx.db, from, to, output);
  await cashOutput(ctx.db, from, to, output);
  const input = new VatTally();
  const unconverted = await inputVat(ctx.db, from, to, cashAccounting, input);

  return {
    from,
    to,
    cash_accounting: cashAccounting,
    output: output.side(),
    input: { ...input.side(), unconverted },
    balance: milliToString(output.vatMilli() - input.vatMilli()),
  };
}
