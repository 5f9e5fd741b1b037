// /bank-accounts: Folio's bank accounts in v3's BankAccount shape. DELETE refuses (422 on id) an account an
// invoice, a quote, the settings' default or sync names (core bankAccounts.delete, docs/v3.md).
import type { BankAccountAttributes, Resource } from '../../../shared/resources';
import type { InputOf } from '../../../shared/contract/operations';
import { currencyFromV3, currencyToV3 } from '../../../shared/v3/enums';
import type { FieldMap } from './errors';
import { envelope } from './paging';
import { bodyOf, call, idOf, type V3Route } from './route';

const FIELDS: FieldMap = { bank_name: 'name', account_no: 'account_number', account_no_iban: 'account_number_iban', account_swift: 'swift' };

export function bankAccountOf(b: Resource<BankAccountAttributes>) {
  const a = b.attributes;
  return {
    id: b.id,
    name: a.bank_name,
    account_number: a.account_no,
    account_number_iban: a.account_no_iban,
    swift: a.account_swift,
    currency: currencyToV3(a.currency),
    need_qr: false,
  };
}

function bankAccountInputOf(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (body.name !== undefined) out.bank_name = body.name;
  if (body.account_number !== undefined) out.account_no = body.account_number;
  if (body.account_number_iban !== undefined) out.account_no_iban = body.account_number_iban;
  if (body.swift !== undefined) out.account_swift = body.swift;
  if (typeof body.currency === 'string') out.currency = currencyFromV3(body.currency);
  return out;
}

export const bankAccountRoutes: V3Route[] = [
  { method: 'GET', path: '/bank-accounts', handler: async ({ core, req }) => envelope(req, await call(core(), 'bankAccounts.list', {}), bankAccountOf) },
  {
    method: 'POST',
    path: '/bank-accounts',
    status: 201,
    handler: async ({ core, req }) =>
      bankAccountOf(await call(core(), 'bankAccounts.create', bankAccountInputOf(bodyOf(req)) as InputOf<'bankAccounts.create'>, FIELDS)),
  },
  { method: 'GET', path: '/bank-accounts/{id}', handler: async ({ core, req }) => bankAccountOf(await call(core(), 'bankAccounts.get', { id: idOf(req) })) },
  {
    method: 'PUT',
    path: '/bank-accounts/{id}',
    handler: async ({ core, req }) =>
      bankAccountOf(
        await call(core(), 'bankAccounts.update', { ...bankAccountInputOf(bodyOf(req)), id: idOf(req) } as InputOf<'bankAccounts.update'>, FIELDS),
      ),
  },
  {
    method: 'DELETE',
    path: '/bank-accounts/{id}',
    status: 204,
    handler: async ({ core, req }) => {
      await call(core(), 'bankAccounts.delete', { id: idOf(req) });
    },
  },
];
