// The nav_settings table (migration 0012), typed for Kysely beside the shared schema: `navSettingsDb(db)` is a view
// of the same connection that also knows it.
import type { Kysely } from 'kysely';
import type { NavSystem } from '../../shared/contract/areas/nav';
import type { Database } from '../db/schema';
import type { Db } from '../db/types';

export type NavSettingsTable = {
  id: number;
  login: string;
  tax_number: string;
  system: NavSystem;
  /** sealed by the runtime's secret box, never in the clear */
  password_sealed: string;
  signature_key_sealed: string;
  exchange_key_sealed: string;
  updated_at: string;
};

export type NavSettingsDb = Kysely<Database & { nav_settings: NavSettingsTable }>;

export function navSettingsDb(db: Db): NavSettingsDb {
  return db.withTables<{ nav_settings: NavSettingsTable }>();
}
