// The sync tables (migration 0006), typed for Kysely without touching the shared schema file: `syncDb(db)` is a view
// of the same connection that also knows them. Type aliases, not interfaces: withTables needs that shape.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../db/types';
import type { ChangeEntity, Database } from '../db/schema';

export type JoinState = 'none' | 'joining' | 'joined';

export type SyncStateTable = {
  id: number;
  device_id: string;
  device_name: Generated<string>;
  base_url: Generated<string>;
  api_key: Generated<string>;
  /** this device's credential on the remote, sealed like api_key (migration 0009); '' before joining */
  device_token: Generated<string>;
  public_key: Generated<string>;
  block_prefix: Generated<string>;
  enabled: Generated<number>;
  join_state: Generated<JoinState>;
  own_block_id: number | null;
  push_cursor: Generated<number>;
  pull_cursor: Generated<number>;
  last_success_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  last_error_code: string | null;
  updated_at: string;
};

export type SyncMapTable = {
  entity: ChangeEntity;
  local_id: number;
  remote_id: number;
  remote_status: number | null;
  /** invoices: the share code the remote holds, as far as this device knows (migration 0016) */
  remote_share_code: Generated<string | null>;
};

export type SyncPaymentsTable = {
  payment_id: number;
  invoice_id: number;
};

export type SyncJournalTable = {
  id: Generated<number>;
  first_seq: number;
  last_seq: number;
  step: number;
  method: string;
  path: string;
  body: string | null;
  idem_key: string | null;
  meta: string;
  created_at: string;
  /** X-Folio-Overwrites of the request: the devices whose concurrent versions it replaces */
  overwrites: string | null;
};

export type SyncConflictsTable = {
  id: Generated<number>;
  entity: ChangeEntity;
  local_id: number;
  remote_id: number | null;
  version: string;
  winner: string;
  reason: string;
  created_at: string;
  restored_at: string | null;
  /** the device whose version lost here, to be told with the winning push (null once told, or nobody to tell) */
  tell: string | null;
};

export type SyncIssuesTable = {
  id: Generated<number>;
  entity: string;
  local_id: number | null;
  operation: string;
  message: string;
  data: string | null;
  created_at: string;
  dismissed_at: string | null;
};

export type SyncTables = {
  sync_state: SyncStateTable;
  sync_map: SyncMapTable;
  sync_payments: SyncPaymentsTable;
  sync_journal: SyncJournalTable;
  sync_conflicts: SyncConflictsTable;
  sync_issues: SyncIssuesTable;
};

export type SyncDb = Kysely<Database & SyncTables>;
export type SyncStateRow = Selectable<SyncStateTable>;
export type JournalRow = Selectable<SyncJournalTable>;

export function syncDb(db: Db): SyncDb {
  return db.withTables<SyncTables>();
}
