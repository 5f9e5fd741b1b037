// The bundles `npm run serve` and `npm run folio` run (scripts/build-node.mjs): the tests spawn them as they are, so a
// child starts in a fraction of what compiling the sources through tsx took. The global setup builds them once per
// test run when they are missing or older than their sources.
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** `node <SERVE_ENTRY> --db … --port …` is `npm run serve -- --db … --port …` */
export const SERVE_ENTRY = join(REPO_ROOT, 'dist/node/serve.mjs');
/** `node <FOLIO_ENTRY> <command> …` is `npm run folio -- <command> …` */
export const FOLIO_ENTRY = join(REPO_ROOT, 'dist/node/folio.mjs');
