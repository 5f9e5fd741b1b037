// The names of Folio's compiled statements on PostgreSQL (./prepared.ts registers each text as it compiles it;
// ./pg/named-statements.ts sends a registered text as a named statement). A module of its own without `pg`, so the
// desktop bundle, which carries no PostgreSQL driver, can import prepared.ts.
const names = new Map<string, string>();

/** Marks a compiled text for preparing on each connection that runs it. */
export function nameStatement(text: string): void {
  if (!names.has(text)) names.set(text, `folio_${names.size + 1}`);
}

/** The name of a registered text; undefined for any other. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
