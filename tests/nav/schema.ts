// Validation against NAV's official XSDs with xmllint, through the reference folder's validate.sh.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NAV_REFERENCE_DIR = process.env.FOLIO_NAV_REFERENCE ?? '/work/shared/reference/nav-online-invoice-3.0';
const VALIDATE = join(NAV_REFERENCE_DIR, 'validate.sh');

export interface SchemaResult {
  ok: boolean;
  errors: string;
}

export async function validateNavXml(kind: 'data' | 'api', xml: string): Promise<SchemaResult> {
  if (!existsSync(VALIDATE)) throw new Error(`NAV schemas not found: ${VALIDATE} (set FOLIO_NAV_REFERENCE)`);
  const dir = await mkdtemp(join(tmpdir(), 'folio-nav-'));
  const file = join(dir, `${kind}.xml`);
  try {
    await writeFile(file, xml, 'utf8');
    return await new Promise<SchemaResult>((resolve) => {
      execFile('bash', [VALIDATE, kind, file], { timeout: 30_000 }, (error, _stdout, stderr) => {
        // xmllint says "<file> validates" on success; only failures leave messages worth showing.
        resolve({ ok: !error, errors: error ? stderr.replaceAll(file, kind).trim() : '' });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
