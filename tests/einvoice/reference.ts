// Where the official EN 16931 reference material lies for the tests: ../shared/reference/en16931 beside the checkout
// (CI has it there too). The product never reads it: it ships its own copy of the rules (electron/einvoice-rules).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const EN16931_REFERENCE = process.env.FOLIO_EN16931_REFERENCE ?? join(ROOT, '../shared/reference/en16931');
export const EN16931_EXAMPLES = join(EN16931_REFERENCE, 'examples');
export const CII_SCHEMA_DIR = join(EN16931_REFERENCE, 'cii/schema/CII/uncefact');
