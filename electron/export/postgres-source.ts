// The team server's database as an export's source (docs/team-server.md): a connection of its own (the server's
// pool stays free for requests) in a REPEATABLE READ transaction, so every query of the work sees the database as
// it was at its first one, whatever the server processes commit meanwhile. READ ONLY makes a write by mistake an
// error rather than a change. The schema is the server's: an export does not migrate.
import { sql } from 'kysely';
import { openPostgres } from '../db/pg/open';
import type { ExportSource } from './snapshot';

export function postgresSource(url: string): ExportSource {
  return {
    async snapshot(work) {
      const opened = await openPostgres(url, { migrate: false, max: 1 });
      try {
        return await opened.db.connection().execute(async (conn) => {
          await sql`begin isolation level repeatable read read only`.execute(conn);
          try {
            return await work(conn);
          } finally {
            // read only: COMMIT and ROLLBACK end it alike (after a failed statement PostgreSQL rolls it back)
            await sql`commit`.execute(conn).catch(() => undefined);
          }
        });
      } finally {
        await opened.close();
      }
    },
  };
}
