// Statements PostgreSQL parses and plans once per connection: the texts of Folio's compiled statements
// (../prepared.ts, registered in ../statement-names.ts), which the write path runs thousands of times. pg sends a
// statement with a name the first time on a connection (Parse) and afterwards only binds values to it; any other
// text is sent as an unnamed statement, parsed and planned on every run, as before. The server forgets a
// connection's statements when it closes, and re-plans one whose tables a migration changed.
import pg, { type QueryResult } from 'pg';
import { statementName } from '../statement-names';

type AnyQuery = (...args: unknown[]) => unknown;

/** The Client of Folio's pools: a registered text with its values goes as a named statement (a callback, if any, follows). */
export class NamingClient extends pg.Client {
  override query<R = Record<string, unknown>>(text: string, values?: ReadonlyArray<unknown>): Promise<QueryResult<R>>;
  override query(...args: unknown[]): unknown {
    const [text, values, ...rest] = args;
    const name = typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
    const query = super.query as unknown as AnyQuery;
    return name ? query.call(this, { name, text, values }, ...rest) : query.apply(this, args);
  }
}
