// Users, their keys and the audit log (issue 20 item 3, docs/users.md): the owner's screens and the HTTP door's
// /users and /audit-log (Folio extensions, the interface has neither).
import { z } from 'zod';
import { del, get, op, post, put } from '../define';
import { date, email, id, int, requiredText, text } from '../fields';

export const ROLES = ['owner', 'staff', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

const role = () => z.enum(ROLES, { error: 'must be owner, staff or accountant' });

export interface UserKeyInfo {
  id: number;
  /** the JWT's `sub` */
  public_id: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface UserInfo {
  id: number;
  name: string;
  email: string;
  role: Role;
  created_at: string;
  disabled_at: string | null;
  keys: UserKeyInfo[];
}

/** Who the caller is: the user of the key (or the owner of a desktop or of the server's own key) and their role. */
export interface Me {
  /** null: the owner (the desktop, the CLI, or the server's own API key) */
  user_id: number | null;
  name: string;
  role: Role;
}

/** A new key: `secret` is shown this once and never stored as it is. */
export interface CreatedUserKey extends UserKeyInfo {
  user_id: number;
  secret: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  /** null: the server's own API key or the local owner */
  user_id: number | null;
  user_name: string;
  origin: string;
  operation: string;
  target_ids: number[];
  /** issue 36: the records as a person names them (an invoice's number; else "#id"), in the order of target_ids */
  targets: string[];
  /** the operation's input, secrets redacted */
  summary: unknown;
}

/** Newest first; `next_before` is the cursor of the next (older) page. */
export interface AuditPage {
  items: AuditEntry[];
  has_more: boolean;
  next_before: number | null;
}

export const userCreateInput = z.object({ name: requiredText(200), email: email().default(''), role: role() });
export const userUpdateInput = z.object({ id: id(), name: requiredText(200).optional(), email: email().optional(), role: role().optional() });
export const userKeyInput = z.object({ id: id(), key_id: id() });
export const auditListInput = z.object({
  user_id: id().optional(),
  operation: text(100).optional(),
  /** business days, inclusive */
  from: date().optional(),
  to: date().optional(),
  /** keyset paging: the entries older than this id */
  before: id().optional(),
  limit: int({ min: 1, max: 200 }).default(50),
});

export const userOperations = {
  'users.me': op<Me>()({
    name: 'users.me',
    summary: 'Who the caller is: their name and role (the UI shows only what the role may do)',
    input: z.object({}),
    http: get('/users/me', 'data', 'users'),
  }),
  'users.list': op<UserInfo[]>()({
    name: 'users.list',
    summary: 'The users and their keys (never a secret)',
    input: z.object({}),
    http: get('/users', 'data', 'users'),
  }),
  'users.create': op<UserInfo>()({
    name: 'users.create',
    summary: 'Add a user with a role: owner (everything), staff (invoicing), accountant (read and export)',
    input: userCreateInput,
    http: post('/users', 'data', 'users'),
  }),
  'users.update': op<UserInfo>()({
    name: 'users.update',
    summary: "Change a user's name, e-mail or role",
    input: userUpdateInput,
    http: put('/users/:id', 'data', 'users'),
  }),
  'users.disable': op<UserInfo>()({
    name: 'users.disable',
    summary: 'Disable a user: none of their keys is accepted any more (the audit log keeps their name)',
    input: z.object({ id: id() }),
    http: del('/users/:id', 'data', 'users'),
  }),
  'users.createKey': op<CreatedUserKey>()({
    name: 'users.createKey',
    summary: "Make a key for a user: its secret is answered this once (X-API-KEY, or the JWT's HS256 secret with sub = public_id)",
    input: z.object({ id: id() }),
    http: post('/users/:id/keys', 'data', 'user_key'),
  }),
  'users.revokeKey': op<UserKeyInfo>()({
    name: 'users.revokeKey',
    summary: "Revoke one of a user's keys; it is refused from then on",
    input: userKeyInput,
    http: del('/users/:id/keys/:key_id', 'data', 'user_key'),
  }),
  'audit.list': op<AuditPage>()({
    name: 'audit.list',
    summary: 'The audit log, newest first: who carried out which write operation when, on what; by user, operation and days',
    input: auditListInput,
    http: get('/audit-log', 'data', 'audit_log'),
  }),
} as const;
