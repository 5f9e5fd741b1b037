// The role matrix (docs/users.md), generated from the contract: every operation, for each role, through the HTTP
// door with that role's own key. A refused call is a 403 in the error envelope and changes nothing; an allowed one
// goes past the check (whatever its empty input then earns it: a 400, a 404, a 501 or a success).
import { expect, test } from '@playwright/test';
import { operationNames, type OperationName } from '../../shared/contract/operations';
import { PERMISSIONS, ROLE_CLASSES } from '../../shared/contract/permissions';
import { serverPerFile, tableDigest } from '../support/fixtures';
import { addUser, type TestUser } from './support';

const s = serverPerFile();
const roles = ['owner', 'staff', 'accountant'] as const;
const users = {} as Record<(typeof roles)[number], TestUser>;

test.beforeAll(async () => {
  for (const role of roles) users[role] = await addUser(s.api, `${role} user`, role);
  // each key's first use is noted (last_used_at); after that the digest below sees only what the calls change
  for (const role of roles) expect((await users[role].api.get('/clients')).status).toBe(200);
  await new Promise((r) => setTimeout(r, 200));
});

// invoices.download is served as a PDF at its REST path only (/rpc refuses it as unknown)
const viaRpc = operationNames.filter((n) => n !== 'invoices.download');

for (const role of roles) {
  test(`${role}: every operation of the contract is allowed or a 403, as the permission table says`, async () => {
    test.setTimeout(120_000);
    const allowed = (name: OperationName) => ROLE_CLASSES[role].has(PERMISSIONS[name]);
    const refused = viaRpc.filter((n) => !allowed(n));
    const before = await tableDigest(s.server);
    for (const name of refused) {
      const res = await users[role].api.post(`/rpc/${name}`, {});
      expect(res.status, `${role} ${name}: ${res.text}`).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'forbidden' });
    }
    expect(await tableDigest(s.server), `${role}: a refused call changed nothing`).toBe(before);
    for (const name of viaRpc.filter(allowed)) {
      const res = await users[role].api.post(`/rpc/${name}`, {});
      expect([401, 403], `${role} ${name}: ${res.status} ${res.text.slice(0, 300)}`).not.toContain(res.status);
    }
    // the REST door is held to the same table: the PDF route of an invoice that does not exist is a 404 for a
    // role that may read, whatever it may write
    expect((await users[role].api.get('/invoices/999999/download')).status).toBe(404);
    expect(refused.length === 0).toBe(role === 'owner');
  });
}
