// The write queue (electron/db/transaction.ts) and a door that holds requests until the end of a turn: the HTTP
// server writes the rate-limit counts of a turn together, after the queue's own turn has begun (issue 41). When the
// door says requests are held (setHeldHint), the queue waits one turn more, so they join the batch about to commit
// rather than waiting for the next one; when it says nothing, a batch starts as before.
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../electron/db/open';
import { prepareStatement } from '../../electron/db/prepared';
import { setCompanyHint, setHeldHint, writeTransaction } from '../../electron/db/transaction';
import type { Db } from '../../electron/db/types';
import { tempDbFile } from '../support/fixtures';

const insertSetting = prepareStatement((db, p: { key: string }) => db.insertInto('settings').values({ key: p.key, value: 'x' }));

/** Opens books whose COMMITs are counted (the queue prepares its transaction control on the raw handle). */
async function countedBooks() {
  const tmp = tempDbFile();
  const opened = await openDatabase(tmp.file);
  const commits = { n: 0 };
  const prepare = opened.sqlite.prepare.bind(opened.sqlite);
  opened.sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (source !== 'COMMIT') return statement;
    const run = statement.run.bind(statement);
    return Object.assign(statement, { run: () => (commits.n++, run()) });
  }) as typeof opened.sqlite.prepare;
  return { db: opened.db, commits, close: async () => (await opened.close(), tmp.remove()) };
}

/** Write `first` now, and `second` from a callback of the turn's end queued after the queue's own (as a count's release is). */
function firstAndHeld(db: Db, held: { now: boolean }) {
  const first = writeTransaction(db, (trx) => insertSetting.run(trx, { key: 'first' }));
  held.now = true;
  const second = new Promise<unknown>((resolve, reject) =>
    setImmediate(() => {
      held.now = false;
      writeTransaction(db, (trx) => insertSetting.run(trx, { key: 'second' })).then(resolve, reject);
    }),
  );
  return Promise.all([first, second]);
}

/** A first write (the queue's statements prepared), and a turn for its queue to fall idle after it. */
async function warm(db: Db) {
  await writeTransaction(db, (trx) => insertSetting.run(trx, { key: 'warm' }));
  await new Promise((resolve) => setImmediate(resolve));
}

test('@sqlite writes a door holds to the end of the turn join the batch about to commit', async () => {
  const books = await countedBooks();
  try {
    const held = { now: false };
    // other clients connected: the queue waits a turn before each batch
    setCompanyHint(books.db, () => true);
    setHeldHint(books.db, () => held.now);
    await warm(books.db);
    const before = books.commits.n;
    await firstAndHeld(books.db, held);
    expect(books.commits.n - before).toBe(1);
  } finally {
    await books.close();
  }
});

test('@sqlite without the hint the held write waits for a batch of its own', async () => {
  const books = await countedBooks();
  try {
    setCompanyHint(books.db, () => true);
    await warm(books.db);
    const before = books.commits.n;
    await firstAndHeld(books.db, { now: false });
    expect(books.commits.n - before).toBe(2);
  } finally {
    await books.close();
  }
});
