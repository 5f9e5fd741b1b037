// The part of node-postgres (`pg`) Folio uses. The package ships no types and @types/pg is not a dependency; these
// declarations follow pg 8's documented API (Pool, Client, per-client type parsers).
declare module 'pg' {
  /** pg asks this for the parser of each column's type (by its PostgreSQL oid); values arrive as text */
  export interface TypeOverrides {
    getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown;
  }
  export interface ClientConfig {
    connectionString?: string;
    types?: TypeOverrides;
    application_name?: string;
    connectionTimeoutMillis?: number;
  }
  export interface PoolConfig extends ClientConfig {
    max?: number;
    /** the class of the pool's connections (pg.Client or a subclass) */
    Client?: typeof Client;
    idleTimeoutMillis?: number;
  }
  export interface QueryResult<R> {
    command: 'UPDATE' | 'DELETE' | 'INSERT' | 'SELECT' | 'MERGE';
    rowCount: number;
    rows: R[];
  }
  export class Client {
    constructor(config?: ClientConfig | string);
    connect(): Promise<void>;
    query<R = Record<string, unknown>>(text: string, values?: ReadonlyArray<unknown>): Promise<QueryResult<R>>;
    end(): Promise<void>;
    /** 'error': the connection broke (no listener would end the process); 'end': it is closed, for whatever reason */
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'end', listener: () => void): this;
  }
  /** pg-cursor's shape: pg hands a submittable object back as it was given */
  export interface Submittable<R> {
    read(rowsCount: number): Promise<R[]>;
    close(): Promise<void>;
  }
  export interface PoolClient {
    query<R = Record<string, unknown>>(text: string, values?: ReadonlyArray<unknown>): Promise<QueryResult<R>>;
    query<R>(cursor: Submittable<R>): Submittable<R>;
    release(destroy?: boolean | Error): void;
  }
  export class Pool {
    constructor(config?: PoolConfig);
    connect(): Promise<PoolClient>;
    query<R = Record<string, unknown>>(text: string, values?: ReadonlyArray<unknown>): Promise<QueryResult<R>>;
    end(): Promise<void>;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export const types: TypeOverrides;
  const pg: { Client: typeof Client; Pool: typeof Pool; types: TypeOverrides };
  export default pg;
}
