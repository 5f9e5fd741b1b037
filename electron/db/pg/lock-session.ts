// The connection a server process holds its runners' advisory locks on (docs/team-server.md "One runner at a time").
// A session-level advisory lock belongs to the connection that took it: it lasts while that connection lives, and a
// process that dies (or loses its network) loses its locks with it, so another process takes over on its next pass.
// The connection is a client of its own beside the pool, not one of the pool's: held for hours, it would take one of
// the pool's connections from the requests, and pool.end() would wait for it forever.
import pg, { type Client, type ClientConfig } from 'pg';

export class LockSession {
  private client: Promise<Client> | null = null;
  /** the locks taken on the current connection (a lost connection took them with it) */
  private readonly held = new Set<string>();
  private ended = false;

  constructor(private readonly config: ClientConfig) {}

  /** Takes the lock, or confirms it is still held; false while another session holds it. */
  async tryLock(key: bigint): Promise<boolean> {
    const id = key.toString();
    if (this.held.has(id) && (await this.alive())) return true;
    const client = await this.connection();
    const { rows } = await client.query<{ got: unknown }>('SELECT pg_try_advisory_lock($1::bigint) AS got', [id]);
    // the pool's shapes answer a boolean as 1/0; a plain client as true/false
    const got = rows[0]?.got === 1 || rows[0]?.got === true;
    if (got) this.held.add(id);
    return got;
  }

  async unlock(key: bigint): Promise<void> {
    const id = key.toString();
    if (!this.held.delete(id) || !this.client) return;
    const client = await this.client;
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [id]);
  }

  /** Closes the connection: every lock it holds is released with it. */
  async end(): Promise<void> {
    this.ended = true;
    const client = this.client;
    this.forget();
    if (client) await (await client.catch(() => null))?.end().catch(() => undefined);
  }

  /** One round trip: a connection that broke without telling (a pulled cable) shows here, not only at its 'error'. */
  private async alive(): Promise<boolean> {
    try {
      await (await this.connection()).query('SELECT 1');
      return true;
    } catch {
      this.forget();
      return false;
    }
  }

  private connection(): Promise<Client> {
    if (this.ended) return Promise.reject(new Error('the database is closed'));
    if (this.client) return this.client;
    const client = new pg.Client(this.config);
    // A broken connection takes its locks with it: forget them, and connect afresh on the next try.
    const lost = () => {
      if (this.client === connecting) this.forget();
    };
    client.on('error', lost);
    client.on('end', lost);
    const connecting = client.connect().then(
      () => client,
      (e: unknown) => {
        lost();
        throw e;
      },
    );
    this.client = connecting;
    return connecting;
  }

  private forget(): void {
    this.client = null;
    this.held.clear();
  }
}
