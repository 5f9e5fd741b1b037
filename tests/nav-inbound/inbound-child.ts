// A Folio process that fetches and books the received invoices once, for the crash suite to SIGKILL:
//   node --import tsx tests/nav-inbound/inbound-child.ts <db file> <NAV url> <hold>
// hold: none | page:<n> (stop for good after the n-th digest page is stored, before its invoices are booked) |
//       booked:<n> (stop after n invoices were booked).
// The first run of a database chooses the start date 2025-01-01. At a hold the process prints "HOLD …" and waits to
// be killed; a run that finishes prints "DONE <booked>"; every booked invoice prints "BOOKED".
import { fixedClock } from '../../electron/core/clock';
import { openDatabase } from '../../electron/db/open';
import { createNavInbound } from '../../electron/nav-inbound/service';
import { navCredentialsFromEnv } from '../../electron/nav-queue/reporter';
import type { FetchLike } from '../../electron/nav/transport';
import { navEnv } from '../nav/queue-rig';

const [file, navUrl, hold = 'none'] = process.argv.slice(2);
if (!file || !navUrl) throw new Error('usage: inbound-child.ts <db file> <NAV url> <hold>');
const [kind, at] = hold.split(':');
const never = (what: string) => {
  process.stdout.write(`HOLD ${what}\n`);
  return new Promise<never>(() => {});
};

const opened = await openDatabase(file);
let pages = 0;
let booked = 0;
const inbound = createNavInbound({
  db: opened.db,
  clock: fixedClock('2026-02-15T08:00:00Z'),
  timeZone: () => 'Europe/Budapest',
  credentials: async () => navCredentialsFromEnv(navEnv(navUrl)),
  fetch: fetch as unknown as FetchLike,
  onPage: async () => {
    pages++;
    if (kind === 'page' && pages === Number(at)) await never(`page ${pages}`);
  },
  onBooked: async () => {
    booked++;
    process.stdout.write('BOOKED\n');
    if (kind === 'booked' && booked === Number(at)) await never(`booked ${booked}`);
  },
});
process.stdout.write('READY\n');
const status = await inbound.status();
const result = status.start_date ? await inbound.handlers['navInbound.run']({}, undefined as never) : await inbound.handlers['navInbound.start']({ start_date: '2025-01-01' }, undefined as never);
await opened.close();
process.stdout.write(`DONE ${result.booked} ${result.status.error?.code ?? 'ok'}\n`);
