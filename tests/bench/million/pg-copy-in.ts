// `COPY … FROM STDIN` on a pg client, PostgreSQL's fastest way in for many rows: the rows go as tab-separated text
// lines in CopyData messages, with no statement per batch and no array literals to build and parse. pg has no COPY
// of its own; a query object it is given (a "submittable") drives the protocol: it sends the COPY statement, and on
// PostgreSQL's CopyInResponse streams the lines, then CopyDone; the command's completion (or its error) settles it.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Client } from 'pg';

interface Connection {
  stream: Writable;
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

/** the lines a COPY reads: one row each, the text of its values in column order (copyValue) */
export type Lines = AsyncIterable<string> | Iterable<string>;

// a CopyData message per ~1 MB: few messages, little held in memory
const CHUNK = 1 << 20;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;

/** a value in COPY's text format: \N is NULL; backslash, newline, return and tab escaped; a blob as bytea's hex */
export function copyValue(v: unknown, bool = false): string {
  if (v === null || v === undefined) return '\\N';
  if (bool) return v ? 't' : 'f';
  if (typeof v === 'string') return SPECIAL.test(v) ? v.replace(SPECIALS, (c) => ESCAPES[c]!) : v;
  if (Buffer.isBuffer(v)) return `\\\\x${v.toString('hex')}`;
  return String(v);
}

export function copyIn(client: Client, statement: string, lines: Lines): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    const query = {
      submit(connection: Connection) {
        connection.query(statement);
      },
      handleCopyInResponse(connection: Connection) {
        void (async () => {
          let chunk: string[] = [];
          let size = 0;
          const flush = async () => {
            connection.sendCopyFromChunk(Buffer.from(chunk.join('')));
            chunk = [];
            size = 0;
            // wait while the socket's buffer is full: the rows are read as fast as PostgreSQL takes them
            if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
          };
          try {
            // a plain iterable is read without an await per line (millions of lines): only a full chunk waits
            const sync = Symbol.iterator in lines ? (lines as Iterable<string>)[Symbol.iterator]() : null;
            const async = sync ? null : (lines as AsyncIterable<string>)[Symbol.asyncIterator]();
            for (;;) {
              const next = sync ? sync.next() : await async!.next();
              if (next.done) break;
              if (failed) return;
              chunk.push(next.value, '\n');
              size += next.value.length + 1;
              if (size >= CHUNK) await flush();
            }
            if (size > 0) await flush();
            connection.endCopyFrom();
          } catch (e) {
            connection.sendCopyFail(e instanceof Error ? e.message : String(e));
          }
        })();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (!failed) resolve();
      },
      handleError(e: Error) {
        failed = true;
        reject(e);
      },
    };
    (client as unknown as { query(q: unknown): void }).query(query);
  });
}
