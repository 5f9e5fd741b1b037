// Suggestions: for each open credit, the open invoices it seems to pay and why, tried in the order the issue gives:
// 1. invoice numbers in the remittance text (any block prefix, with or without it),
// 2. the exact outstanding amount of an invoice of the client the payer is (by account number or name),
// 3. a sum of several open invoices of that client.
// Entries are taken oldest first and each suggestion claims what it pays, so two transfers are never both proposed
// for one invoice. Pure: the same entries and invoices give the same suggestions, before and after a restart.
import type { BankSuggestion, MatchReason } from '../../../shared/contract/areas/bank-types';
import { milliToString } from '../../../shared/money';
import { allocate, owedIn, payable } from './allocate';
import { numberMentions } from './invoice-numbers';
import { accountKey, nameKey } from '../../../shared/bank-match-keys';
import type { ClientKeys, OpenInvoice } from './open-invoices';

export interface CreditToMatch {
  id: number;
  amount_milli: number;
  currency: string;
  counterparty_name: string;
  counterparty_iban: string;
  remittance: string;
}

/** The most open invoices of one client a sum is looked for among, and the most combinations tried. */
const SUM_MAX_INVOICES = 16;
const SUM_MAX_STEPS = 50_000;

export function suggest(credits: CreditToMatch[], invoices: OpenInvoice[], clients: ClientKeys[]): Map<number, BankSuggestion> {
  // what each invoice still owes once earlier suggestions took their share
  const left = new Map(invoices.map((inv) => [inv.id, inv.outstanding_milli]));
  const current = (inv: OpenInvoice): OpenInvoice => ({ ...inv, outstanding_milli: left.get(inv.id)! });
  const byNumber = group(invoices, (inv) => inv.invoice_no);
  const byClient = group(invoices, (inv) => String(inv.client_id));
  const clientsByAccount = group(clients.flatMap((c) => c.accounts.map((a) => ({ key: a, id: c.id }))), (x) => x.key);
  const clientsByName = group(clients.flatMap((c) => c.names.map((n) => ({ key: n, id: c.id }))), (x) => x.key);

  const out = new Map<number, BankSuggestion>();
  for (const credit of credits) {
    const open = (inv: OpenInvoice) => left.get(inv.id)! > 0 && payable(credit.currency, inv);
    const found = byNumbers(credit, byNumber, open, current) ?? byPayer(credit, byClient, clientsByAccount, clientsByName, open, current);
    if (!found) continue;
    const allocation = allocate(credit.amount_milli, credit.currency, found.invoices);
    allocation.invoices.forEach((m, i) => left.set(m.invoice_id, left.get(m.invoice_id)! - allocation.paysMilli[i]!));
    out.set(credit.id, {
      reason: found.reason,
      kind: allocation.kind,
      confident: found.unambiguous && allocation.kind === 'exact',
      invoices: allocation.invoices,
      expense: null,
      difference: milliToString(allocation.differenceMilli),
    });
  }
  return out;
}

interface Found {
  reason: MatchReason;
  invoices: OpenInvoice[];
  unambiguous: boolean;
}

function byNumbers(
  credit: CreditToMatch,
  byNumber: Map<string, OpenInvoice[]>,
  open: (inv: OpenInvoice) => boolean,
  current: (inv: OpenInvoice) => OpenInvoice,
): Found | null {
  const chosen: OpenInvoice[] = [];
  let unambiguous = true;
  for (const mention of numberMentions(credit.remittance)) {
    const candidates = (byNumber.get(mention.invoice_no) ?? []).filter(open).map(current);
    if (!candidates.length) continue;
    // the same number in several blocks: the prefix written before it decides, else the amount, else it stays a guess
    const prefixed = candidates.filter((inv) => inv.prefix.toUpperCase() === mention.prefix);
    const amount = candidates.filter((inv) => owedIn(credit.currency, inv) === credit.amount_milli);
    const decided = prefixed.length === 1 ? prefixed[0] : candidates.length === 1 ? candidates[0] : amount.length === 1 ? amount[0] : undefined;
    if (!decided) unambiguous = false;
    const pick = decided ?? candidates[0]!;
    if (!chosen.some((inv) => inv.id === pick.id)) chosen.push(pick);
  }
  return chosen.length ? { reason: 'invoice_number', invoices: chosen, unambiguous } : null;
}

function byPayer(
  credit: CreditToMatch,
  byClient: Map<string, OpenInvoice[]>,
  clientsByAccount: Map<string, Array<{ id: number }>>,
  clientsByName: Map<string, Array<{ id: number }>>,
  open: (inv: OpenInvoice) => boolean,
  current: (inv: OpenInvoice) => OpenInvoice,
): Found | null {
  const account = accountKey(credit.counterparty_iban);
  const name = nameKey(credit.counterparty_name);
  const ids = new Set<number>([...(account ? clientsByAccount.get(account) ?? [] : []), ...(name ? clientsByName.get(name) ?? [] : [])].map((c) => c.id));
  if (!ids.size) return null;
  const theirs = [...ids].sort((a, b) => a - b).flatMap((id) => (byClient.get(String(id)) ?? []).filter(open).map(current));
  const exact = theirs.filter((inv) => owedIn(credit.currency, inv) === credit.amount_milli);
  if (exact.length) return { reason: 'amount_and_payer', invoices: [exact[0]!], unambiguous: exact.length === 1 };
  // a sum of several invoices of one client (theirs are in due-date order: the oldest are tried first)
  for (const id of [...ids].sort((a, b) => a - b)) {
    const own = theirs.filter((inv) => inv.client_id === id).slice(0, SUM_MAX_INVOICES);
    const sums = subsetsSumming(own.map((inv) => owedIn(credit.currency, inv)), credit.amount_milli);
    if (sums.first) return { reason: 'sum_of_invoices', invoices: sums.first.map((i) => own[i]!), unambiguous: !sums.more };
  }
  return null;
}

/** The first set of at least two of the amounts that adds up to the target (oldest first), and whether there is another. */
export function subsetsSumming(amounts: number[], target: number): { first: number[] | null; more: boolean } {
  // Most credits that reach here pay no set of the client's invoices: then the search below walks its whole budget
  // (50,000 steps, about a millisecond) to find nothing — for each such credit, hundreds at a million invoices. Whether
  // any set adds up is known exactly from the sums of each half; when none does the answer is the same "none".
  if (!someSubsetAddsUp(amounts, target)) return { first: null, more: false };
  return searchSubsets(amounts, target);
}

/** The search itself, in its order and within its budget (what decides which set is first, and whether "more"). */
export function searchSubsets(amounts: number[], target: number): { first: number[] | null; more: boolean } {
  let first: number[] | null = null;
  let more = false;
  let steps = 0;
  const chosen: number[] = [];
  const walk = (from: number, sum: number): boolean => {
    if (++steps > SUM_MAX_STEPS) return true;
    if (sum === target && chosen.length >= 2) {
      if (first) {
        more = true;
        return true;
      }
      first = [...chosen];
    }
    for (let i = from; i < amounts.length; i++) {
      if (sum + amounts[i]! > target) continue;
      chosen.push(i);
      const stop = walk(i + 1, sum + amounts[i]!);
      chosen.pop();
      if (stop) return true;
    }
    return false;
  };
  walk(0, 0);
  // cut off before the search ended: the first set stands, but it is not known to be the only one
  if (steps > SUM_MAX_STEPS && first) more = true;
  return { first, more };
}

/** Whether some of the amounts (one or more) add up to the target: every sum of each half, met in the middle. */
function someSubsetAddsUp(amounts: number[], target: number): boolean {
  if (amounts.length > 24) return true; // too many to list the halves' sums: the search decides
  const sums = (part: number[]) => part.reduce<number[]>((all, a) => all.concat(all.map((s) => s + a)), [0]);
  const half = amounts.length >> 1;
  const right = new Set(sums(amounts.slice(half)));
  return sums(amounts.slice(0, half)).some((s) => right.has(target - s));
}

function group<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
