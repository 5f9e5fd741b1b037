// The seller's profile and the app's defaults, one JSON document in the settings table.
import type { SellerSnapshot, SettingsData } from '../../../shared/resources';
import type { SettingsUpdateInput } from '../../../shared/contract/schemas';
import { rule } from '../../../shared/errors';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { emptyAddress } from '../clients/mapping';
import type { CoreContext } from '../context';
import type { Db, WriteTx } from '../../db/types';
import { parseJson } from '../json';
import { prepareStatement } from '../../db/prepared';
import { writeTransaction } from '../../db/transaction';

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
      bank_name: '',
      bank_account_no: '',
      bank_iban: '',
      bank_swift: '',
      vat_exempt: false,
    },
    default_bank_account_uid: null,
    home_currency: 'HUF',
    time_zone: DEFAULT_TIME_ZONE,
    default_lang: 'hu',
    default_due_days: 8,
    default_payment_method: 2,
  };
}

export async function readSettings(db: Db): Promise<SettingsData> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return settingsFrom(row?.value);
}

const settingsValue = prepareStatement((db, p: { key: string }) => db.selectFrom('settings').select('value').where('key', '=', p.key));

interface IssueSettings {
  settings: Readonly<SettingsData>;
  /** the seller's snapshot an issued invoice keeps, as stored */
  sellerSnapshot: string;
}

// Issuing reads the settings in every write transaction, and the stored text rarely changes: the last reading is
// kept with the text it came from (a memo of a pure function, so cores and tests share nothing through it).
let lastIssueSettings: { value: string | undefined; read: IssueSettings } | undefined;

/** The settings an invoice is issued with, as its write transaction sees them; frozen, for they are shared. */
export function settingsForIssue(trx: WriteTx): IssueSettings {
  const value = settingsValue.get(trx, { key: KEY })?.value;
  if (!lastIssueSettings || lastIssueSettings.value !== value) {
    const settings = settingsFrom(value);
    Object.freeze(settings.seller.address);
    Object.freeze(settings.seller);
    lastIssueSettings = { value, read: { settings: Object.freeze(settings), sellerSnapshot: JSON.stringify(settings.seller) } };
  }
  return lastIssueSettings.read;
}

function settingsFrom(value: string | undefined): SettingsData {
  const stored = parseJson<Partial<SettingsData>>(value, {});
  const defaults = defaultSettings();
  return {
    ...defaults,
    ...stored,
    seller: { ...defaults.seller, ...stored.seller, address: { ...defaults.seller.address, ...stored.seller?.address } },
  };
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
        const seller: SellerSnapshot = {
          ...current.seller,
          ...stripUndefined(input.seller ?? {}),
          address: { ...current.seller.address, ...stripUndefined(input.seller?.address ?? {}) },
        };
        const merged: SettingsData = { ...current, ...stripUndefined({ ...input, seller: undefined }), seller };
        await trx
          .insertInto('settings')
          .values({ key: KEY, value: JSON.stringify(merged) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(merged) }))
          .execute();
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
