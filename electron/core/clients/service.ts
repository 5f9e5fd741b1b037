// Clients. Create returns an identical existing client instead of a duplicate (the interface's rule), unless forced.
import type { ClientCreateInput, ClientUpdateInput } from '../../../shared/contract/schemas';
import type { Address } from '../../../shared/resources';
import { invalid, notFound } from '../../../shared/errors';
import { clientVatNumberProblem, taxcodeProblem } from '../../../shared/contract/schemas';
import { bankNumberProblems, normalizedBankNumbers } from '../../../shared/bank-account-numbers';
import type { BankDetails } from '../../../shared/resources';
import { FolioError, type FieldError } from '../../../shared/errors';
import type { CoreContext } from '../context';
import { nowStamp } from '../context';
import { pageWindow, toPage } from '../paging';
import { clientResource, emptyAddress, emptyBank, emptyDefaults } from './mapping';
import { parseJson } from '../json';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { countryCode } from '../../nav/country';
import { containsInsensitive } from '../../db/portable';
import { keepClientMatchKeys } from './match-keys';

const ADDRESS_KEYS = Object.keys(emptyAddress()) as Array<keyof Address>;

/**
 * What makes two clients the same one (the interface's rule): name, tax number and billing address equal, and only
 * when the address is split into street name, street type and house number; null when the address is not split.
 * The import finds duplicates by this same key.
 */
/** The street parts a v3 address line stands for: a change of any of them without a new line drops the old line. */
const STREET_PARTS = ['street_name', 'street_type', 'house_nr', 'block', 'entrance', 'floor', 'door'] as const;

/** An update's address merged into the current one; a v3 line no longer describing the street is dropped. */
function mergedAddress(current: Address, change: Partial<Address> | undefined): Address {
  const merged: Address = { ...current, ...change };
  if (change && change.address_line === undefined && STREET_PARTS.some((k) => change[k] !== undefined && change[k] !== current[k])) {
    delete merged.address_line;
  }
  return merged;
}

export function clientMatchKey(name: string, taxcode: string, address: Partial<Address>): string | null {
  if (!(address.street_name?.trim() && address.street_type?.trim() && address.house_nr?.trim())) return null;
  // The country as a place, not as typed: "", "HU" and "Magyarország" are one country (Folio's forms and its import
  // fill Hungary in where nothing was given).
  const part = (k: keyof Address) => (k === 'country' ? (countryCode(address.country) ?? (address.country ?? '').trim()) : (address[k] ?? '').trim());
  return JSON.stringify([name, taxcode.trim(), ...ADDRESS_KEYS.map(part)]);
}

/** The stored row of a new client (create, and the import's compiled insert). */
export function clientRowValues(input: ClientCreateInput, now: string) {
  return {
    name: input.name,
    email: input.email ?? '',
    taxcode: input.taxcode?.trim() ?? '',
    eu_taxcode: input.eu_taxcode?.trim() ?? '',
    type: input.type ?? '',
    fokonyv_szam: input.fokonyv_szam ?? '',
    phone: input.phone ?? '',
    tax_type: input.tax_type ?? '',
    address: JSON.stringify({ ...emptyAddress(), ...input.billing_address }),
    bank: JSON.stringify(clientBank({ ...emptyBank(), ...input.bank })),
    defaults: JSON.stringify({ ...emptyDefaults(), ...input.defaults }),
    einvoice_format: input.einvoice_format ?? 'none',
    buyer_reference: input.buyer_reference?.trim() || null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** A client's bank details as kept: the IBAN in groups of four, the account number printed or read from the IBAN. */
function clientBank(bank: BankDetails): BankDetails {
  return { ...bank, ...normalizedBankNumbers({ account_no: bank.account_no ?? '', iban: bank.iban ?? '' }) };
}

export function createClientService(ctx: CoreContext) {
  const { db } = ctx;

  async function row(id: number, from: Db = db) {
    const r = await from.selectFrom('clients').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!r) throw notFound(`Client ${id}`);
    return r;
  }

  return {
    row,

    async list(input: { page?: number | undefined; max_per_page?: number | undefined; q?: string | undefined }) {
      const w = pageWindow(input);
      let query = db.selectFrom('clients').selectAll().where('deleted_at', 'is', null);
      const q = input.q?.trim();
      if (q) {
        query = query.where((eb) => eb.or(['name', 'taxcode', 'email'].map((column) => containsInsensitive(db, column, q))));
      }
      const rows = await query
        .orderBy('id', 'desc')
        .limit(w.perPage + 1)
        .offset(w.offset)
        .execute();
      return toPage(rows, w, clientResource);
    },

    get: async (input: { id: number }) => clientResource(await row(input.id)),

    async create(input: ClientCreateInput) {
      const address = { ...emptyAddress(), ...input.billing_address };
      const key = clientMatchKey(input.name, input.taxcode ?? '', address);
      if (!input.force && key !== null) {
        const candidates = await db
          .selectFrom('clients')
          .selectAll()
          .where('deleted_at', 'is', null)
          .where('name', '=', input.name)
          .where('taxcode', '=', input.taxcode?.trim() ?? '')
          .execute();
        const match = candidates.find((c) => clientMatchKey(c.name, c.taxcode, parseJson(c.address, emptyAddress())) === key);
        if (match) return clientResource(match);
      }
      const values = clientRowValues(input, nowStamp(ctx));
      const inserted = await writeTransaction(db, async (trx) => {
        const r = await trx.insertInto('clients').values(values).returningAll().executeTakeFirstOrThrow();
        await keepClientMatchKeys(trx);
        return r;
      });
      return clientResource(inserted);
    },

    async update(input: ClientUpdateInput) {
      const updated = await writeTransaction(db, async (trx) => {
        // Read in the transaction that writes: a partial update merges into the client as it is now, not into a copy
        // another update may have changed meanwhile (a lost update).
        const current = clientResource(await row(input.id, trx)).attributes;
        const problem = taxcodeProblem(input.taxcode ?? current.taxcode, input.tax_type ?? current.tax_type);
        if (problem && (input.taxcode !== undefined || input.tax_type !== undefined)) throw invalid('taxcode', problem);
        // the merged client's community VAT number and bank details, when the request touches them (all at once)
        const errors: FieldError[] = [];
        const touchesVat = input.eu_taxcode !== undefined || input.taxcode !== undefined || input.tax_type !== undefined;
        const vat = touchesVat ? clientVatNumberProblem(input.eu_taxcode ?? current.eu_taxcode, input.taxcode ?? current.taxcode, input.tax_type ?? current.tax_type) : null;
        if (vat) errors.push({ field: 'eu_taxcode', message: vat });
        const bank = { ...current.bank, ...input.bank };
        if (input.bank) {
          const p = bankNumberProblems(bank);
          if (p.account_no) errors.push({ field: 'bank.account_no', message: p.account_no });
          if (p.iban) errors.push({ field: 'bank.iban', message: p.iban });
        }
        if (errors.length) throw new FolioError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
        const changes = {
          name: input.name ?? current.name,
          email: input.email ?? current.email,
          taxcode: input.taxcode?.trim() ?? current.taxcode,
          eu_taxcode: input.eu_taxcode?.trim() ?? current.eu_taxcode,
          type: input.type ?? current.type,
          fokonyv_szam: input.fokonyv_szam ?? current.fokonyv_szam,
          phone: input.phone ?? current.phone,
          tax_type: input.tax_type ?? current.tax_type,
          address: JSON.stringify(mergedAddress(current.billing_address, input.billing_address)),
          bank: JSON.stringify(input.bank ? clientBank(bank) : current.bank),
          defaults: JSON.stringify({ ...current.defaults, ...input.defaults }),
          einvoice_format: input.einvoice_format ?? current.einvoice_format,
          buyer_reference: input.buyer_reference === undefined ? current.buyer_reference : input.buyer_reference?.trim() || null,
          updated_at: nowStamp(ctx),
        };
        const r = await trx
          .updateTable('clients')
          .set(changes)
          .where('id', '=', input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await keepClientMatchKeys(trx);
        return r;
      });
      return clientResource(updated);
    },

    /** Hides the client; invoices keep their snapshot of it, and a tombstone lets sync carry the deletion. */
    async delete(input: { id: number }) {
      await row(input.id);
      const now = nowStamp(ctx);
      await writeTransaction(db, async (trx) => {
        await trx.updateTable('clients').set({ deleted_at: now, updated_at: now }).where('id', '=', input.id).execute();
      });
      return { deleted: true as const };
    },
  };
}
