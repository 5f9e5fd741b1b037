// The company's reminder settings: whether reminders go out, the rule days, interest and recovery cost, the base
// rates with the day each applies from, and the clients who want none. One row of settings (created on first save;
// until then the defaults: off, 3 days before and 7 and 21 days after the due date, interest on).
import { notFound } from '../../../shared/errors';
import type { BaseRate, ReminderSettings, ReminderSettingsInput } from '../../../shared/contract/areas/reminders';
import { writeTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { nowStamp, type CoreContext } from '../context';
import { reminderDb } from './tables';

export interface RuleSettings {
  enabled: boolean;
  steps: number[];
  interest: boolean;
  recovery_cost: boolean;
}

export const DEFAULT_RULES: RuleSettings = { enabled: false, steps: [-3, 7, 21], interest: true, recovery_cost: false };

export async function readRules(db: Db): Promise<RuleSettings> {
  const row = await reminderDb(db).selectFrom('reminder_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { ...DEFAULT_RULES, steps: [...DEFAULT_RULES.steps] };
  return { enabled: row.enabled === 1, steps: parseSteps(row.steps), interest: row.interest === 1, recovery_cost: row.recovery_cost === 1 };
}

function parseSteps(text: string): number[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((n): n is number => Number.isInteger(n)).sort((a, b) => a - b) : [];
  } catch {
    return [];
  }
}

export async function baseRates(db: Db): Promise<BaseRate[]> {
  return reminderDb(db).selectFrom('reminder_base_rates').select(['valid_from', 'rate']).orderBy('valid_from', 'desc').execute();
}

export async function optedOutClients(db: Db): Promise<Set<number>> {
  const rows = await reminderDb(db).selectFrom('reminder_client_optouts').select('client_id').execute();
  return new Set(rows.map((r) => r.client_id));
}

export async function readSettings(db: Db): Promise<ReminderSettings> {
  const rows = await reminderDb(db)
    .selectFrom('reminder_client_optouts')
    .innerJoin('clients', 'clients.id', 'reminder_client_optouts.client_id')
    .select(['clients.id as client_id', 'clients.name'])
    .where('clients.deleted_at', 'is', null)
    .orderBy('clients.name')
    .execute();
  return { ...(await readRules(db)), base_rates: await baseRates(db), opted_out: rows };
}

export async function saveRules(ctx: CoreContext, input: ReminderSettingsInput): Promise<ReminderSettings> {
  await writeTransaction(ctx.db, async (trx) => {
    const values = {
      enabled: input.enabled ? 1 : 0,
      steps: JSON.stringify(input.steps),
      interest: input.interest ? 1 : 0,
      recovery_cost: input.recovery_cost ? 1 : 0,
      updated_at: nowStamp(ctx),
    };
    await reminderDb(trx)
      .insertInto('reminder_settings')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  });
  return readSettings(ctx.db);
}

export async function setBaseRate(ctx: CoreContext, input: BaseRate): Promise<ReminderSettings> {
  await writeTransaction(ctx.db, (trx) =>
    reminderDb(trx)
      .insertInto('reminder_base_rates')
      .values({ valid_from: input.valid_from, rate: input.rate, created_at: nowStamp(ctx) })
      .onConflict((oc) => oc.column('valid_from').doUpdateSet({ rate: input.rate }))
      .execute(),
  );
  return readSettings(ctx.db);
}

export async function deleteBaseRate(ctx: CoreContext, validFrom: string): Promise<ReminderSettings> {
  await writeTransaction(ctx.db, (trx) => reminderDb(trx).deleteFrom('reminder_base_rates').where('valid_from', '=', validFrom).execute());
  return readSettings(ctx.db);
}

export async function setClientOptOut(ctx: CoreContext, clientId: number, optedOut: boolean): Promise<{ client_id: number; opted_out: boolean }> {
  await writeTransaction(ctx.db, async (trx) => {
    const t = reminderDb(trx);
    const client = await t.selectFrom('clients').select('id').where('id', '=', clientId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!client) throw notFoundClient(clientId);
    if (optedOut) {
      await t.insertInto('reminder_client_optouts').values({ client_id: clientId, created_at: nowStamp(ctx) }).onConflict((oc) => oc.doNothing()).execute();
    } else {
      await t.deleteFrom('reminder_client_optouts').where('client_id', '=', clientId).execute();
    }
  });
  return { client_id: clientId, opted_out: optedOut };
}

export async function clientOptOut(db: Db, clientId: number): Promise<{ client_id: number; opted_out: boolean }> {
  const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!client) throw notFoundClient(clientId);
  return { client_id: clientId, opted_out: (await optedOutClients(db)).has(clientId) };
}

const notFoundClient = (id: number) => notFound(`Client ${id}`);
