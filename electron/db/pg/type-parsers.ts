// The JS shapes PostgreSQL values come back in: the same as better-sqlite3 gives for the same columns, because the
// core reads rows without knowing the database (docs/team-server.md "Values").
// - int8 (bigint: every integer column on PostgreSQL, count(*)) is a number, as SQLite's INTEGER is. Past 2^53 a
//   number would silently lose digits; no Folio value comes near (milli amounts of 9 trillion forints), so such a
//   value is an error rather than a wrong amount.
// - numeric (what sum() of bigints answers) is a number when it is a whole number, like SQLite's integer sum; a
//   fraction stays the exact decimal string (Folio's amounts are integers or decimal text, never floats).
// - bool (a comparison selected as a column) is 1 or 0, as SQLite answers it; the schema stores flags as 0/1 bigints.
// - bytea is a Buffer already, as better-sqlite3 gives a BLOB; text, int4 and float8 keep pg's own parsers.
import pg, { type TypeOverrides } from 'pg';

const OID = { bool: 16, int8: 20, numeric: 1700 } as const;

function wholeNumber(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`integer ${text} is beyond what Folio reads exactly (2^53)`);
  return n;
}

function numeric(text: string): number | string {
  return /^-?\d+$/.test(text) ? wholeNumber(text) : text;
}

export const sqliteShapes: TypeOverrides = {
  getTypeParser(oid, format) {
    if (format !== 'binary') {
      if (oid === OID.int8) return wholeNumber;
      if (oid === OID.numeric) return numeric;
      if (oid === OID.bool) return (text) => (text === 't' ? 1 : 0);
    }
    return pg.types.getTypeParser(oid, format);
  },
};
