// The core's field messages are English sentences; the ones a user meets are translated here by pattern, the rest
// are shown as they came. (A machine-readable reason per field error would make this exact: see docs/ui.md.)
import type { MessageKey } from './i18n.svelte';
import { dates, decimal } from '../format';
import { Big } from '../../../shared/money';

type Rule = [RegExp, MessageKey, ((m: RegExpExecArray) => Record<string, string>)?];

/** The largest amount the core prices exactly (shared/totals.ts), in the UI language's digits: `{max}` of the
 * amt.* words. */
export const amountLimit = () => ({ max: decimal('1000000000000') });
const max = amountLimit;

/** Messages whose words depend on the field: the seller's form has no tax-number type to choose. */
const FIELD_RULES: Array<[RegExp, ...Rule]> = [
  [/^seller\.taxcode$/, /^is not a valid Hungarian tax number/, 'amt.sellerTaxNumber'],
];

const RULES: Rule[] = [
  [/^is required$/, 'fm.required'],
  [/^must be a (real )?date/, 'fm.date'],
  [/^is not a valid Hungarian tax number/, 'fm.taxNumber'],
  [/^is not a valid Hungarian personal tax id/, 'fm.personalTaxId'],
  [/^must be greater than 0$/, 'fm.positive'],
  [/^(must be a number|is not a decimal number)$/, 'fm.number'],
  [/^has more than (\d+) decimal places$/, 'fm.decimals', (m) => ({ n: m[1]! })],
  [/^is too large$/, 'amt.tooLarge', max],
  // a line's or the invoice's amounts beyond the exact range (electron/core/invoices/lines.ts)
  [/^the amount is too large/, 'amt.lineTooLarge', max],
  [/^the invoice total: the amount is too large/, 'amt.totalTooLarge', max],
  [/^must be a whole number$/, 'fm.wholeNumber'],
  [/^must be between (-?\d+) and (-?\d+)$/, 'fm.between', (m) => ({ min: m[1]!, max: m[2]! })],
  [/^must be at most (\d+) characters$/, 'fm.tooLong', (m) => ({ n: m[1]! })],
  [/^must be an e-mail address$/, 'fm.email'],
  // a company's short name (electron/directory/input.ts, store.ts)
  [/^must be lower-case letters, digits and hyphens/, 'fm.slug'],
  [/^is taken$/, 'fm.slugTaken'],
  // a typed expense of an invoice NAV's data booked already (electron/core/expenses/booked-from-nav.ts)
  [/^was booked from NAV's data already, as expense (\d+)$/, 'nin.fm.bookedFromNav', (m) => ({ id: m[1]! })],
  // the accountant package asked to be e-mailed with no address set (electron/data-ops/accountant/mail.ts)
  [/^No accountant e-mail address is set/, 'rep.fm.noAccountant'],
  // a team server's export whose process stopped mid-job (electron/data-ops/shared-export-jobs.ts)
  [/^The server process building this export stopped/, 'data.export.processGone'],
  [/^needs at least one item$/, 'fm.oneItem'],
  [/^give exactly one of net_unit_price and gross_unit_price$/, 'fm.onePrice'],
  [/^no such client$/, 'fm.noClient'],
  // a draft a v3 till made to become a receipt (electron/core/invoices/issue.ts)
  [/^This draft was made to become a receipt/, 'fm.receiptDraft'],
  [/^must be a 3-letter currency code/, 'fm.currency'],
  [/^give the account number or the IBAN$/, 'fm.accountOrIban'],
  [/^is already used by another block$/, 'fm.prefixUsed'],
  [/^No exchange rate for/, 'fm.exchangeRate'],
  [/^The (MNB|ECB) exchange rate of \w+ for .* is not saved on this computer/, 'rate.fm.unavailable'],
  [/^(MNB|ECB) publishes no exchange rate for/, 'rate.fm.notPublished'],
  [/is more than the outstanding amount/, 'fm.overpaid'],
  [/^the product is priced in/, 'fm.otherCurrency'],
  [/^must be (a count and a unit|like 1M)/, 'fm.frequency'],
  // editing a recurring profile (electron/core/recurring/service.ts, template.ts)
  [/^must not be before the next issue date$/, 'recur.fm.endBeforeNext'],
  [/^must be after (\d{4}-\d{2}-\d{2}), the last period already run$/, 'recur.fm.afterLast', (m) => ({ date: m[1]! })],
  [/^must be at least (\d+), the invoices already issued/, 'recur.fm.maxBelowUsed', (m) => ({ n: m[1]! })],
  [/^no such product$/, 'recur.fm.noProduct'],
  [/^must be an http:\/\/ or https:\/\/ address$/, 'fm.httpAddress'],
  [/^may hold letters, digits, "-", "_" and "." only$/, 'fm.prefixChars'],
  // expenses (electron/core/expenses/rules.ts)
  [/^does not match the net amount at this VAT rate \(net plus VAT is (-?[\d.]+)\)$/, 'expf.fm.mismatch', (m) => ({ gross: m[1]! })],
  [/^is negative: only a supplier's credit note/, 'expf.fm.negative'],
  [/^must be negative \(or zero\) on a credit note$/, 'expf.fm.creditPositive'],
  [/^is before the invoice date$/, 'expf.fm.beforeInvoice'],
  [/^is set, but the expense is marked unpaid$/, 'expf.fm.unpaidWithDate'],
  [/^is required \(or give net_price\)$/, 'expf.fm.amountRequired'],
  [/^is not a Hungarian tax number \(like [\d-]+\) or an EU VAT number/, 'expf.fm.taxcode'],
  [/^is not a PDF, PNG or JPEG file$/, 'expf.fm.fileType'],
  // the import (Settings → Import)
  [/^needs a column of the file$/, 'imp.fm.needsColumn'],
  [/^uses the same column as /, 'imp.fm.sameColumn'],
  [/^is not a column of the file$/, 'imp.fm.noColumn'],
  [/^is not a known VAT code/, 'imp.fm.vat'],
  [/^must be one of "", FOREIGN, HAS_TAX_NUMBER, NO_TAX_NUMBER$/, 'imp.fm.taxType'],
  [/^is larger than (\d+) MB$/, 'imp.fm.fileSize', (m) => ({ n: m[1]! })],
  [/^cannot be read as CSV/, 'imp.fm.notCsv'],
  [/^has no header row$/, 'imp.fm.noHeader'],
  // bank statements (electron/core/bank-statements/read.ts and formats/)
  [/^is a PDF; export the statement/, 'stmt.fm.pdf'],
  [/^(is a CSV whose columns Folio does not recognise|has no column ")/, 'stmt.fm.columns'],
  [/^(is not a bank statement Folio reads|is not a text file|is XML but not a camt\.053 statement)/, 'stmt.fm.notStatement'],
  [/^is not well-formed XML \((.*)\)$/, 'stmt.fm.notXml', (m) => ({ detail: m[1]! })],
  // issue 36: with the amounts, so the user sees by how much
  [/the entries do not add up: opening balance (-?[\d.]+) \+ entries (-?[\d.]+) ≠ closing balance (-?[\d.]+)/, 'nc.fm.sums', (m) => ({
    opening: decimal(m[1]!), net: decimal(m[2]!), sum: decimal(new Big(m[1]!).plus(m[2]!).toFixed()), closing: decimal(m[3]!), gap: decimal(new Big(m[3]!).minus(m[1]!).minus(m[2]!).toFixed()),
  })],
  [/the entries do not add up/, 'stmt.fm.sums'],
  [/^This statement is for account (\S+),/, 'stmt.fm.otherAccount', (m) => ({ account: m[1]! })],
  // issue 37: spreadsheets, several accounts in one file
  [/^This file also holds statements of accounts the business does not have: (.*); confirm to skip them$/, 'stmt.fm.unknownAccounts', (m) => ({ accounts: m[1]! })],
  [/^is a password-protected spreadsheet/, 'stmt.fm.password'],
  [/^is a damaged spreadsheet/, 'stmt.fm.damaged'],
  [/^cell (\w+) of sheet .* holds a formula without a saved value/, 'stmt.fm.formula', (m) => ({ cell: m[1]! })],
  [/^is a spreadsheet whose columns Folio does not recognise/, 'stmt.fm.sheetColumns'],
  // the mail area (shared/contract/areas/mail.ts)
  [/^must be a server name such as/, 'mail.fm.host'],
  [/^"(.*)" is not an e-mail address$/, 'mail.fm.badAddress', (m) => ({ address: m[1]! })],
  [/^must be tls, starttls or none$/, 'mail.fm.security'],
  [/^must be one line$/, 'mail.fm.oneLine'],
  [/^must be at most 50 addresses$/, 'mail.fm.tooMany'],
  // NAV's technical user (shared/nav-user.ts)
  [/^must be 6 to 15 letters and digits$/, 'navs.fm.login'],
  [/^must be the 8-digit taxpayer id/, 'navs.fm.taxNumber'],
  [/^must be (\d+) characters, as NAV issued it$/, 'navs.fm.keyLength', (m) => ({ n: m[1]! })],
  [/^must not contain spaces$/, 'navs.fm.noSpaces'],
  [/^the stored value cannot be opened on this computer/, 'navs.fm.unreadable'],
  [/^must be test or production$/, 'navs.fm.system'],
  // the data area (backup folder, restore, exports)
  [/^must be a full path/, 'data.fm.fullPath'],
  [/^is a file, not a folder$/, 'data.fm.notFolder'],
  [/^cannot be created: (.*)$/, 'data.fm.cannotCreate', (m) => ({ reason: m[1]! })],
  [/^is not writable: (.*)$/, 'data.fm.notWritable', (m) => ({ reason: m[1]! })],
  [/^must be a time of day/, 'data.fm.time'],
  // an export kept in a folder, asked of a team server (electron/data-ops/team-backups.ts)
  [/^is not available on a team server/, 'data.fm.teamServer'],
  [/^does not exist or is not a file$/, 'data.fm.noFile'],
  [/^(is damaged|is not a readable SQLite database|cannot be opened as a database|cannot be read)/, 'data.fm.damaged'],
  [/^is an SQLite database but not a Folio database/, 'data.fm.notFolio'],
  [/^was written by a newer version of Folio/, 'data.fm.tooNew'],
  [/^would lose (\d+) issued invoice/, 'data.fm.wouldLose', (m) => ({ n: m[1]! })],
  [/^must not be before the start date$/, 'data.fm.beforeStart'],
  // modifying invoices and advances (electron/core/invoices/chain.ts, advances.ts, modify.ts)
  [/^the invoice has no line (\d+) \(it has (\d+)\)$/, 'doc.fm.noLine', (m) => ({ n: m[1]!, count: m[2]! })],
  [/^must not be 0$/, 'doc.fm.notZero'],
  [/^a cancelled invoice cannot be modified/, 'doc.fm.cancelled'],
  [/^a modifying invoice is not modified itself/, 'doc.fm.ofModifying'],
  [/^(\S+) is not an advance invoice$/, 'doc.fm.notAdvance', (m) => ({ no: m[1]! })],
  [/^the advance invoice (\S+) was cancelled$/, 'doc.fm.advanceCancelled', (m) => ({ no: m[1]! })],
  [/^the advance invoice (\S+) is already deducted by (\S+)$/, 'doc.fm.alreadyDeducted', (m) => ({ no: m[1]!, by: m[2]! })],
  [/^the advance invoice (\S+) is for another client$/, 'doc.fm.otherClient', (m) => ({ no: m[1]! })],
  [/^the advance invoice (\S+) is in (\w+), this invoice in (\w+)$/, 'doc.fm.otherCurrency', (m) => ({ no: m[1]!, theirs: m[2]!, ours: m[3]! })],
  [/^an advance invoice does not deduct other advances$/, 'doc.fm.advanceDeducts'],
  [/^names the same advance twice$/, 'doc.fm.twice'],
  [/^Invoice .* was issued in Folio/, 'doc.fm.ownInvoice'],
  // quotes (electron/core/quotes/)
  // delivery documents (issue 40; electron/core/delivery-notes/invoice.ts, service.ts)
  [/^already invoiced: (.+)$/, 'dln.fm.alreadyInvoiced', (m) => ({ list: m[1]! })],
  [/^cancelled delivery notes cannot be invoiced: (.+)$/, 'dln.fm.cancelled', (m) => ({ list: m[1]! })],
  [/^an order confirmation is not invoiced/, 'dln.fm.orderForm'],
  [/^delivery notes and completion certificates are invoiced apart$/, 'dln.fm.mixedKinds'],
  [/^the delivery notes belong to different clients/, 'dln.fm.twoClients'],
  [/^the delivery notes are in different currencies$/, 'dln.fm.twoCurrencies'],
  [/^line (\d+) of (\S+) has no price or VAT code/, 'dln.fm.unpriced', (m) => ({ line: m[1]!, no: m[2]! })],
  [/^Delivery note (\S+) is covered by an invoice/, 'dln.fm.coveredByInvoice', (m) => ({ no: m[1]! })],
  [/^was already cancelled$/, 'dln.fm.alreadyCancelled'],
  [/^no such quote$/, 'dln.fm.noQuote'],
  [/^made from delivery notes (.+): edit or issue it instead$/, 'dln.fm.draftFromNotes', (m) => ({ list: m[1]! })],
  [/^valid_until cannot be before the quote date$/, 'quo.fm.validBeforeDate'],
  [/^The quote was valid until (\d{4}-\d{2}-\d{2})/, 'quo.fm.expired', (m) => ({ date: m[1]! })],
  [/^an accepted quote cannot be (changed|deleted|declined)$/, 'quo.fm.accepted'],
  [/^was already accepted$/, 'quo.fm.alreadyAccepted'],
  [/^due_date cannot be before fulfillment_date$/, 'quo.fm.dueBeforeFulfillment'],
  // issue 36: account and community VAT numbers that cannot exist (shared/bank-account-numbers.ts, hu-vat-number.ts)
  [/^is not an IBAN \(like/, 'nc.fm.ibanForm'],
  [/^is not an IBAN: a (\w\w) IBAN has (\d+) characters$/, 'nc.fm.ibanLength', (m) => ({ country: m[1]!, n: m[2]! })],
  [/^is not an IBAN: its check digits/, 'nc.fm.ibanCheck'],
  [/^is not an IBAN: the Hungarian account number in it/, 'nc.fm.ibanGiro'],
  [/^is not a Hungarian account number \(/, 'nc.fm.giroForm'],
  [/^is not a Hungarian account number: its check digits/, 'nc.fm.giroCheck'],
  [/^is not the account in the IBAN \((.*)\)$/, 'nc.fm.giroIban', (m) => ({ account: m[1]! })],
  [/^is not the community VAT number of the tax number (\S+) \(that is (\w+)\)$/, 'nc.fm.vatOther', (m) => ({ taxcode: m[1]!, own: m[2]! })],
  [/^is not a Hungarian community VAT number \(/, 'nc.fm.vatForm'],
  [/^is not a Hungarian community VAT number: its check digit/, 'nc.fm.vatCheck'],
  [/^Nothing was paid beyond what the invoice is worth/, 'nc.fm.noOverpayment'],
  [/^The refund \(\S+\) is more than the overpayment \((\S+) (\w+)\)$/, 'nc.fm.refundTooMuch', (m) => ({ max: m[1]!, currency: m[2]! })],
  [/^the advance invoice (\S+) is not received in full \(received (\S+) of (\S+) (\w+)\): .* the (\S+) \w+ not received/, 'nc.fm.advanceUnpaid', (m) => ({ no: m[1]!, paid: m[2]!, total: m[3]!, currency: m[4]!, owed: m[5]! })],
];

export function localizeFieldMessage(message: string, t: (key: MessageKey, params?: Record<string, string>) => string, field = ''): string {
  for (const [fieldRe, re, key, params] of FIELD_RULES) {
    const m = fieldRe.test(field) ? re.exec(message) : null;
    if (m) return t(key, params?.(m));
  }
  for (const [re, key, params] of RULES) {
    const m = re.exec(message);
    if (m) return t(key, params?.(m));
  }
  // shown as it came, but with its dates in the UI's one form (issue 36)
  return dates(message);
}
