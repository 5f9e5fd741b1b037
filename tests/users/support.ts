// Users of a test server: made through the HTTP door with the server's own key, each with a key of their own.
import { createHmac } from 'node:crypto';
import type { ApiClient } from '../support/api-client';

export interface TestUser {
  id: number;
  keyId: number;
  publicId: string;
  secret: string;
  /** the same server, with this user's X-API-KEY */
  api: ApiClient;
}

export async function addUser(api: ApiClient, name: string, role: 'owner' | 'staff' | 'accountant'): Promise<TestUser> {
  const made = await api.post('/users', { name, email: `${role}@example.hu`, role });
  if (made.status !== 200) throw new Error(`POST /users: ${made.status} ${made.text}`);
  const id = made.body.data.id as number;
  const key = await api.post(`/users/${id}/keys`, {});
  if (key.status !== 200) throw new Error(`POST /users/${id}/keys: ${key.status} ${key.text}`);
  const secret = key.body.data.secret as string;
  return { id, keyId: key.body.data.id, publicId: key.body.data.public_id, secret, api: api.withHeaders({ 'X-API-KEY': secret }) };
}

/** The interface's JWT: HS256 with the key's secret, `sub` its public id, valid for a minute. */
export function userJwt(publicId: string, secret: string): string {
  const b64 = (v: string) => Buffer.from(v).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify({ sub: publicId, iat, exp: iat + 60 }))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
