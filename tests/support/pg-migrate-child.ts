// A server process starting on a PostgreSQL database (tests/pg/concurrent-migrate.spec.ts): opens it, which migrates
// it, and reports the migrations it found applied once open.
import { sql } from 'kysely';
import { openPostgres } from '../../electron/db/pg/open';

const opened = await openPostgres(process.argv[2]!);
const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(opened.db);
await opened.close();
process.stdout.write(JSON.stringify({ applied: rows.rows[0]!.n }));
