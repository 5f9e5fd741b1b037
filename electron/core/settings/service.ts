// The seller's profile and the app's defaults, one JSON document in the settings table.
import type { SellerProfile, SettingsData, VatStatus } from '../../../shared/resources';
import type { SettingsUpdateInput } from '../../../shared/contract/schemas';
import { invalid, rule } from '../../../shared/errors';
import { sellerVatNumberProblem } from '../../../shared/contract/schemas';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { vatStatusOf } from '../../../shared/seller';
import { emptyAddress } from '../clients/mapping';
import type { CoreContext } from '../context';
import type { Db, WriteTx } from '../../db/types';
import { parseJson } from '../json';
import { prepareStatement } from '../../db/prepared';
import { writeTransaction } from '../../db/transaction';
import { forgetInWrite, rememberedInWrite } from '../../db/write-scope';
import { emptySellerSnapshot, sellerSnapshotText } from './seller-snapshot';

export { emptySellerSnapshot };

const KEY = 'app';

export function defaultSettings(): SettingsData {
  return {
    seller: {
      name: '',
      address: emptyAddress(),
      taxcode: '',
      eu_taxcode: '',
      email: '',
      phone: '',
      vat_status: 'normal',
      vat_exempt: false,
    },
    default_bank_account_uid: null,
    home_currency: 'HUF',
    time_zone: DEFAULT_TIME_ZONE,
    default_lang: 'hu',
    default_due_days: 8,
    default_payment_method: 2,
    public_base_url: '',
    setup_steps: {},
    accountant: { name: '', email: '' },
    payment_qr: false,
  };
}

export async function readSettings(db: Db): Promise<SettingsData> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return settingsFrom(row?.value);
}

const settingsValue = prepareStatement((db, p: { key: string }) => db.selectFrom('settings').select('value').where('key', '=', p.key));

interface IssueSettings {
  settings: Readonly<SettingsData>;
}

// Issuing reads the settings in every write transaction, and the stored text rarely changes: the last reading is
// kept with the text it came from (a memo of a pure function, so cores and tests share nothing through it).
let lastIssueSettings: { value: string | undefined; read: IssueSettings } | undefined;

/** What a write remembers of the settings (../../db/write-scope.ts): a write that changes them forgets it. */
const ISSUE_SETTINGS = {};

/** The settings an invoice is issued with, as its write transaction sees them; frozen, for they are shared. */
export function settingsForIssue(trx: WriteTx): Promise<IssueSettings> {
  return rememberedInWrite(trx, ISSUE_SETTINGS, () => readIssueSettings(trx));
}

async function readIssueSettings(trx: WriteTx): Promise<IssueSettings> {
  return issueSettingsOf((await settingsValue.get(trx, { key: KEY }))?.value);
}

/** The settings row's key, for a statement that reads the row with others in one round trip (invoices/request.ts). */
export const SETTINGS_KEY = KEY;

/**
 * The settings an invoice is issued with, from the row's text that the caller read in this write transaction itself
 * (with the invoice's client and block, one round trip): the write remembers them as settingsForIssue would.
 */
export function settingsForIssueFrom(trx: WriteTx, value: string | null | undefined): Promise<IssueSettings> {
  return rememberedInWrite(trx, ISSUE_SETTINGS, async () => issueSettingsOf(value ?? undefined));
}

function issueSettingsOf(value: string | undefined): IssueSettings {
  if (!lastIssueSettings || lastIssueSettings.value !== value) {
    const settings = settingsFrom(value);
    Object.freeze(settings.seller.address);
    Object.freeze(settings.seller);
    lastIssueSettings = { value, read: { settings: Object.freeze(settings) } };
  }
  return lastIssueSettings.read;
}

/** The seller's snapshot (stored text) an invoice issued now keeps: the profile and its bank account's details. */
export async function sellerSnapshotFor(trx: WriteTx, bankAccountId: number | null): Promise<string> {
  return sellerSnapshotText(trx, (await settingsForIssue(trx)).settings.seller, bankAccountId);
}

function settingsFrom(value: string | undefined): SettingsData {
  const stored = parseJson<Partial<SettingsData>>(value, {});
  const defaults = defaultSettings();
  return {
    ...defaults,
    ...stored,
    seller: profileFrom(defaults.seller, stored.seller),
    setup_steps: { ...stored.setup_steps },
    accountant: { ...defaults.accountant, ...stored.accountant },
  };
}

/**
 * The profile as stored, in today's form: the VAT status from `vat_exempt` when it was stored before the status
 * existed, and without the bank fields an older Folio kept here (migration 0016 moved them to a bank account).
 */
function profileFrom(defaults: SellerProfile, stored: Partial<SellerProfile> | undefined): SellerProfile {
  const { bank_name: _n, bank_account_no: _a, bank_iban: _i, bank_swift: _s, ...rest } = (stored ?? {}) as Partial<SellerProfile> & Record<string, unknown>;
  const status = vatStatusOf(stored);
  return { ...defaults, ...rest, address: { ...defaults.address, ...stored?.address }, vat_status: status, vat_exempt: status === 'exempt' };
}

/** The status an update leaves: given outright, or said the old way (vat_exempt), or the current one. */
function nextVatStatus(current: VatStatus, input: { vat_status?: VatStatus | undefined; vat_exempt?: boolean | undefined } = {}): VatStatus {
  if (input.vat_status !== undefined) return input.vat_status;
  if (input.vat_exempt === true) return 'exempt';
  if (input.vat_exempt === false && current === 'exempt') return 'normal';
  return current;
}

export function createSettingsService(ctx: CoreContext) {
  return {
    get: () => readSettings(ctx.db),

    async update(input: SettingsUpdateInput): Promise<SettingsData> {
      if (input.time_zone !== undefined) {
        try {
          new Intl.DateTimeFormat('en', { timeZone: input.time_zone });
        } catch {
          throw rule('is not a known time zone (e.g. Europe/Budapest)', 'time_zone');
        }
      }
      const next = await writeTransaction(ctx.db, async (trx) => {
        // Read in the transaction that writes: a partial update merges into the settings as they are now, not into a
        // copy another update may have changed meanwhile (a lost update).
        const current = await readSettings(trx);
        if (input.default_bank_account_uid) {
          const account = await trx
            .selectFrom('bank_accounts')
            .select('id')
            .where('id', '=', input.default_bank_account_uid)
            .executeTakeFirst();
          if (!account) throw rule('no such bank account', 'default_bank_account_uid');
        }
        const status = nextVatStatus(current.seller.vat_status, input.seller);
        const seller: SellerProfile = {
          ...current.seller,
          ...stripUndefined(input.seller ?? {}),
          address: { ...current.seller.address, ...stripUndefined(input.seller?.address ?? {}) },
          vat_status: status,
          vat_exempt: status === 'exempt',
        };
        // the community VAT number against the tax number it will stand beside (either may be the stored one)
        if (input.seller?.eu_taxcode !== undefined || input.seller?.taxcode !== undefined) {
          const vat = sellerVatNumberProblem(seller.eu_taxcode, seller.taxcode);
          if (vat) throw invalid('seller.eu_taxcode', vat);
        }
        const steps = { ...current.setup_steps };
        for (const [step, state] of Object.entries(input.setup_steps ?? {}) as Array<[keyof SettingsData['setup_steps'], 'done' | 'skipped' | null]>) {
          if (state === null) delete steps[step];
          else steps[step] = state;
        }
        const accountant = { ...current.accountant, ...stripUndefined(input.accountant ?? {}) };
        const merged: SettingsData = {
          ...current,
          ...stripUndefined({ ...input, seller: undefined, setup_steps: undefined, accountant: undefined }),
          seller,
          setup_steps: steps,
          accountant,
        };
        await trx
          .insertInto('settings')
          .values({ key: KEY, value: JSON.stringify(merged) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(merged) }))
          .execute();
        forgetInWrite(trx, ISSUE_SETTINGS);
        return merged;
      });
      if (next.time_zone) ctx.timeZone = next.time_zone;
      return next;
    },
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
