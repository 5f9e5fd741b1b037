// The seller an issued invoice keeps: the profile from the settings as they are in the issuing transaction, with the
// bank details of the bank account the invoice names (the profile has none of its own: a bank account is stored once,
// among the bank accounts). The snapshot's JSON form is the one invoices always had.
import { giroFromIban } from '../../../shared/bank-account-numbers';
import type { BankAccountRow } from '../../db/schema';
import type { SellerProfile, SellerSnapshot } from '../../../shared/resources';
import type { WriteTx } from '../../db/types';
import { prepareStatement } from '../../db/prepared';
import { emptyAddress } from '../clients/mapping';

const accountById = prepareStatement((db, p: { id: number }) =>
  db.selectFrom('bank_accounts').select(['bank_name', 'account_no', 'account_no_iban', 'account_swift']).where('id', '=', p.id),
);

type AccountDetails = Pick<BankAccountRow, 'bank_name' | 'account_no' | 'account_no_iban' | 'account_swift'>;

/** The snapshot of a profile printed with an account (none: no bank details), keys in the order invoices keep. */
export function snapshotOf(seller: SellerProfile, account: AccountDetails | null | undefined): SellerSnapshot {
  return {
    name: seller.name,
    address: seller.address,
    taxcode: seller.taxcode,
    eu_taxcode: seller.eu_taxcode,
    email: seller.email,
    phone: seller.phone,
    bank_name: account?.bank_name ?? '',
    bank_account_no: account?.account_no || (giroFromIban(account?.account_no_iban ?? '') ?? ''),
    bank_iban: account?.account_no_iban ?? '',
    bank_swift: account?.account_swift ?? '',
    vat_exempt: seller.vat_status === 'exempt',
    vat_status: seller.vat_status,
  };
}

// Issuing runs thousands of times a second with the same profile and account: the last text is kept with what it
// was made from (the profile is the frozen object settingsForIssue shares until the settings change).
let last: { seller: SellerProfile; account: AccountDetails | null | undefined; text: string } | undefined;

const sameAccount = (a: AccountDetails | null | undefined, b: AccountDetails | null | undefined) =>
  a === b ||
  (!!a && !!b && a.bank_name === b.bank_name && a.account_no === b.account_no && a.account_no_iban === b.account_no_iban && a.account_swift === b.account_swift);

/** The stored text of the snapshot for an invoice with this bank account, read in the write transaction. */
export async function sellerSnapshotText(trx: WriteTx, seller: SellerProfile, bankAccountId: number | null): Promise<string> {
  const account = bankAccountId === null ? null : await accountById.get(trx, { id: bankAccountId });
  if (last && last.seller === seller && sameAccount(last.account, account)) return last.text;
  const text = JSON.stringify(snapshotOf(seller, account));
  last = { seller, account, text };
  return text;
}

/** What a draft (no seller yet) shows as its seller. */
export function emptySellerSnapshot(): SellerSnapshot {
  return {
    name: '',
    address: emptyAddress(),
    taxcode: '',
    eu_taxcode: '',
    email: '',
    phone: '',
    bank_name: '',
    bank_account_no: '',
    bank_iban: '',
    bank_swift: '',
    vat_exempt: false,
  };
}
