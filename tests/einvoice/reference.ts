// Where the official EN 16931 reference material lies for the tests: ../shared/reference/en16931 beside the checkout
// (CI has it there too). The product never reads it: it ships its own copy of the rules (electron/einvoice-rules).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const EN16931_REFERENCE = process.env.FOLIO_EN16931_REFERENCE ?? join(ROOT, '../shared/reference/en16931');
export const EN16931_EXAMPLES = join(EN16931_REFERENCE, 'examples');
export const CII_SCHEMA_DIR = join(EN16931_REFERENCE, 'cii/schema/CII/uncefact');

/**
 * Runs the reference's own `validate.sh ubl|cii FILE` (the official rules through xslt3, and the CII D16B schema
 * through xmllint) on a file Folio made: the check the standard's publisher gives, beside Folio's own validator.
 */
export async function validateWithReferenceScript(syntax: 'ubl' | 'cii', xml: string): Promise<{ code: number; output: string }> {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { execFile } = await import('node:child_process');
  const dir = mkdtempSync(join(tmpdir(), 'folio-validate-sh-'));
  try {
    const file = join(dir, `invoice-${syntax}.xml`);
    writeFileSync(file, xml);
    return await new Promise((done) => {
      // npx inside the script finds the xslt3 the project installs (the same version), so it needs no network
      execFile('bash', [join(EN16931_REFERENCE, 'validate.sh'), syntax, file], { cwd: ROOT, timeout: 180_000 }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
