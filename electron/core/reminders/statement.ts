// The statement of a client's open invoices on a day: what the reminder's PDF shows (electron/documents/statement.ts
// lays it out). Interest is stated per overdue invoice when the reminder states it.
import type { InvoiceAttributes } from '../../../shared/resources';
import { currentTotalMilli, outstandingMilli } from '../invoices/mapping';
import { milliToString } from '../../../shared/money';
import { prefixedNumber } from '../../../shared/invoice-codes';
import type { BaseRate } from '../../../shared/contract/areas/reminders';
import type { StatementLine, StatementView } from '../../documents/statement';
import type { DocLang } from '../../documents/i18n';
import type { Db } from '../../db/types';
import Big from 'big.js';
import { daysLate, lateInterest } from './interest';
import { openInvoices, paymentsOf } from './open-invoices';

export async function buildStatement(
  db: Db,
  args: {
    invoice: InvoiceAttributes;
    lang: DocLang;
    date: string;
    interest: boolean;
    baseRates: BaseRate[];
    rate: string | null;
    recoveryCost: StatementView['recovery_cost'];
  },
): Promise<StatementView> {
  const a = args.invoice;
  const rows = await openInvoices(db, { clientId: a.client_uid });
  const payments = await paymentsOf(db, rows.map((r) => r.id));
  const lines: StatementLine[] = rows.map((r) => {
    const late = daysLate(r.due_date, args.date);
    const interest =
      args.interest && late > 0
        ? lateInterest({ due: r.due_date, asOf: args.date, totalMilli: currentTotalMilli(r), payments: payments.get(r.id) ?? [], baseRates: args.baseRates, currency: r.currency })
        : null;
    return {
      number: prefixedNumber(r.prefix, r.invoice_no) ?? String(r.id),
      date: r.date,
      due_date: r.due_date,
      currency: r.currency,
      total: milliToString(currentTotalMilli(r)),
      outstanding: milliToString(outstandingMilli(r)),
      days_late: late,
      interest: interest?.amount ?? null,
    };
  });
  const totals = new Map<string, { outstanding: Big; interest: Big | null }>();
  for (const l of lines) {
    const t = totals.get(l.currency) ?? { outstanding: new Big(0), interest: null };
    t.outstanding = t.outstanding.plus(l.outstanding);
    if (l.interest !== null) t.interest = (t.interest ?? new Big(0)).plus(l.interest);
    totals.set(l.currency, t);
  }
  const s = a.seller;
  return {
    lang: args.lang,
    date: args.date,
    seller: { name: s.name, address: s.address, tax_number: s.taxcode, bank_account: s.bank_iban || s.bank_account_no },
    client: { name: a.client.name, address: a.client.billing_address, tax_number: a.client.taxcode },
    lines,
    totals: [...totals].map(([currency, t]) => ({ currency, outstanding: t.outstanding.toFixed(3), interest: t.interest?.toFixed(3) ?? null })),
    interest_rate: args.rate,
    recovery_cost: args.recoveryCost,
  };
}
