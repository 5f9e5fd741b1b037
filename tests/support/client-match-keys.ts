// The clients' kept bank keys (migration 0072) beside the keys worked out again from the clients' text, on a handle
// of either database: once the writers of clients are done, the two are equal.
import type { Db } from '../../electron/db/types';
import { clientMatchKeys } from '../../shared/bank-match-keys';
import { queryRows } from './fixtures';

export interface KeyRow {
  client_id: number;
  name_key: string | null;
  iban_key: string | null;
  account_no_key: string | null;
}

/** What client_match_keys holds, in client order. */
export async function keptKeys(db: Db): Promise<KeyRow[]> {
  const rows = await queryRows<KeyRow>(db, 'SELECT client_id, name_key, iban_key, account_no_key FROM client_match_keys ORDER BY client_id');
  return rows.map((r) => ({ ...r, client_id: Number(r.client_id) }));
}

/** The keys worked out again from every client's stored text. */
export async function recountKeys(db: Db): Promise<KeyRow[]> {
  const clients = await queryRows<{ id: number; name: string; bank: string | null }>(db, 'SELECT id, name, bank FROM clients ORDER BY id');
  return clients.map((c) => ({ client_id: Number(c.id), ...clientMatchKeys(c.name, c.bank) }));
}

/** A Hungarian IBAN that can exist (Folio refuses others): GIRO check digit, then ISO 13616's two check digits. */
export function validIban(n: number): string {
  const seven = String(1_000_000 + n).padStart(7, '0');
  const giro = [...seven].reduce((sum, d, k) => sum + Number(d) * [9, 7, 3, 1][k % 4]!, 0);
  const bban = `11773016${seven}${(10 - (giro % 10)) % 10}00000000`;
  let rest = 0;
  for (const d of `${bban}173000`) rest = (rest * 10 + Number(d)) % 97; // "HU00" moved to the end, H=17, U=30
  return `HU${String(98 - rest).padStart(2, '0')}${bban}`;
}
