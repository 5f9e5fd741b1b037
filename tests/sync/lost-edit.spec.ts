// The device whose edit lost is told. Two desktops edit the same client offline; both sync. The later push wins
// everywhere (last writer wins, in the remote's order) — and BOTH devices list the conflict: the winner the version it
// overwrote, the loser its own version that was replaced, which it can bring back. An edit made after seeing the
// other device's version is no conflict, and is not reported as one.
import { expect, test } from '@playwright/test';
import { API_KEY, startRemote, syncOk, syncUntilQuiet, tempDir, withLaptopAndDesktop, type Device, type RemoteProcess } from './support/nodes';

const client = (name: string) => ({
  name,
  email: 'szamla@example.com',
  taxcode: '12345676-2-41',
  tax_type: 'HAS_TAX_NUMBER',
  billing_address: { street_name: 'Fő', street_type: 'utca', house_nr: '1', city: 'Budapest', postcode: '1011', country: 'HU' },
});

async function clientName(d: Device, id: number): Promise<string> {
  return (await d.runtime.core.call('clients.get', { id })).attributes.name;
}

async function rename(d: Device, id: number, name: string) {
  const current = await d.runtime.core.call('clients.get', { id });
  await d.runtime.core.call('clients.update', { id, ...client(name), billing_address: current.attributes.billing_address });
}

test('both devices edit one client offline and sync: both list the conflict, the loser restores its version', async () => {
  test.setTimeout(120_000);
  await withLaptopAndDesktop('lost-edit', async ({ a, b }) => {
    const devices = [a, b];
    const onA = (await a.runtime.core.call('clients.create', client('Közös Kft.'))).id;
    await syncOk(a);
    await syncOk(b);
    const onB = (await b.runtime.core.call('clients.list', { q: 'Közös' })).items[0]!.id;

    // offline on both: the same client, two names
    await rename(a, onA, 'Közös Kft. (laptop)');
    await rename(b, onB, 'Közös Kft. (desktop)');
    await syncOk(a); // A's version reaches the remote first…
    await syncOk(b); // …B pulls it while its own edit waits, logs it, and pushes: B's version wins
    await syncOk(a); // A learns that its version was replaced
    await syncUntilQuiet(devices);

    expect(await clientName(a, onA)).toBe('Közös Kft. (desktop)');
    expect(await clientName(b, onB)).toBe('Közös Kft. (desktop)');

    const [onWinner] = (await b.runtime.core.call('sync.conflicts', {})).conflicts;
    const loserLog = (await a.runtime.core.call('sync.conflicts', {})).conflicts;
    expect(onWinner).toMatchObject({ entity: 'client', local_uid: onB, winner: 'local', restored_at: null });
    expect((onWinner!.version as { attributes: { name: string } }).attributes.name).toBe('Közös Kft. (laptop)');
    expect(loserLog).toHaveLength(1);
    const lost = loserLog[0]!;
    expect(lost).toMatchObject({ entity: 'client', local_uid: onA, winner: 'remote', restored_at: null });
    expect(lost.reason).toMatch(/^Changed on this computer and on another device at the same time/);
    expect((lost.version as { attributes: { name: string } }).attributes.name).toBe('Közös Kft. (laptop)');
    expect((await a.runtime.core.call('sync.status', {})).open_conflicts).toBe(1);

    // the loser brings its version back: it becomes the newest write everywhere
    await a.runtime.core.call('sync.restoreConflict', { id: lost.id });
    await syncUntilQuiet(devices);
    expect(await clientName(a, onA)).toBe('Közös Kft. (laptop)');
    expect(await clientName(b, onB)).toBe('Közös Kft. (laptop)');
    // each side told once: the restore and later rounds add no entries (A's is closed now, B's still open)
    const all = { include_closed: true };
    expect((await a.runtime.core.call('sync.conflicts', all)).conflicts.map((c) => c.restored_at !== null)).toEqual([true]);
    expect((await b.runtime.core.call('sync.conflicts', all)).conflicts).toHaveLength(1);

    // an edit made after seeing the other's version replaces nothing concurrent: no conflict anywhere
    await rename(b, onB, 'Közös Kft. (later)');
    await syncUntilQuiet(devices);
    expect(await clientName(a, onA)).toBe('Közös Kft. (later)');
    expect((await a.runtime.core.call('sync.conflicts', all)).conflicts).toHaveLength(1);
    expect((await b.runtime.core.call('sync.conflicts', all)).conflicts).toHaveLength(1);
  });
});

test('X-Folio-Overwrites that is not a list of device ids is refused with 400, and nothing changes', async () => {
  const tmp = tempDir('overwrites-header');
  let remote: RemoteProcess | undefined;
  try {
    remote = await startRemote(tmp.file('remote.db'));
    const headers = { 'X-API-KEY': API_KEY, 'content-type': 'application/json' };
    const made = await fetch(`${remote.url}/clients`, { method: 'POST', headers, body: JSON.stringify(client('Fejléc Kft.')) });
    const id = ((await made.json()) as { data: { id: number } }).data.id;
    // a device proves itself with the token its join gave it; only the header under test is wrong
    const device = { 'X-Folio-Device': 'dev-0123456789ab' };
    const joined = await fetch(`${remote.url}/sync/join`, { method: 'POST', headers: { ...headers, ...device }, body: JSON.stringify({ name: 'Fejléc', prefix: 'FEJ' }) });
    const token = ((await joined.json()) as { data: { device_token: string } }).data.device_token;
    const res = await fetch(`${remote.url}/clients/${id}`, {
      method: 'PUT',
      headers: { ...headers, ...device, 'X-Folio-Device-Token': token, 'X-Folio-Overwrites': 'dev-0123456789ab,not a device!' },
      body: JSON.stringify(client('Átírt Kft.')),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: expect.stringContaining('X-Folio-Overwrites') });
    const now = (await (await fetch(`${remote.url}/clients/${id}`, { headers })).json()) as { data: { attributes: { name: string } } };
    expect(now.data.attributes.name).toBe('Fejléc Kft.');
  } finally {
    await remote?.stop();
    tmp.remove();
  }
});
