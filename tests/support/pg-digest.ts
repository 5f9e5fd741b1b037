// A fingerprint of every row of a PostgreSQL database (tests/pg): "nothing changed" is the same digest before and
// after. Each table's rows are read as their text form, sorted, so the order rows were stored in does not matter.
import { createHash } from 'node:crypto';
import pg from 'pg';

export async function pgDigest(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = createHash('sha256');
    const tables = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    for (const { name } of tables.rows) {
      // the names come from the catalogue; quoted as identifiers all the same
      const rows = await client.query<{ r: string }>(`SELECT t::text AS r FROM "${name.replace(/"/g, '""')}" t ORDER BY 1`);
      hash.update(`${name}\n${rows.rows.map((x) => x.r).join('\n')}\n`);
    }
    return hash.digest('hex');
  } finally {
    await client.end();
  }
}
