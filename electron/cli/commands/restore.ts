// `npm run folio -- restore --db <file> --from <backup> [--accept-older]`: replaces the database with a backup
// after checking it (integrity, schema, not older than issued invoices). Folio must be closed while it runs.
import { resolve } from 'node:path';
import { readOptions, refuse } from '../options';
import { progressLine } from '../../backup/progress-line';
import { restore, RestoreRefusedError } from '../../backup/restore';

const HELP = `Usage: npm run folio -- restore --db <file> --from <backup> [--accept-older]

Replaces the database <file> with the backup, safely:
  - the backup must pass SQLite's integrity_check and come from this version of Folio or an older one
    (an older schema is brought up to date on the copy; a newer one is refused);
  - a backup that lacks invoices already issued in <file> is refused, with the list of what would be lost,
    unless --accept-older is given (issued invoices are legal records);
  - Folio (the desktop app and any \`npm run serve\`) must be closed: a database in use is refused;
  - the backup is copied to a temporary file, fsynced and renamed over <file> in one step; the replaced file
    is kept as <file>.before-restore-<UTC time>.

Options:
  --db <file>        the Folio database to replace (created if it does not exist)
  --from <backup>    the backup file to restore
  --accept-older     restore even though issued invoices would be lost
  -h, --help         this text

Exit codes: 0 restored, 1 refused or failed (nothing changed), 2 wrong usage.`;

export const command = {
  summary: 'Restore the database from a backup (checked; refuses to lose issued invoices)',

  async run(args: string[]): Promise<number> {
    const options = readOptions(
      {
        args,
        options: {
          db: { type: 'string' },
          from: { type: 'string' },
          'accept-older': { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      },
      HELP,
    );
    if (typeof options === 'number') return options;
    const { values } = options;
    if (!values.db || !values.from) return refuse(`Missing ${!values.db ? '--db <file>' : '--from <backup>'}.`, HELP);
    const progress = progressLine();
    try {
      const result = await restore(resolve(values.from), resolve(values.db), {
        acceptOlder: values['accept-older'] === true,
        onProgress: (p) => progress.update('restore', p.totalPages - p.remainingPages, p.totalPages),
      });
      progress.done();
      const lines = [`Restored ${result.from} → ${result.file} (${result.issuedInvoices} issued invoices).`];
      if (result.replacedFile) lines.push(`The replaced database was kept as ${result.replacedFile}`);
      if (result.lost?.invoices.length) {
        lines.push(`Given up (--accept-older): ${result.lost.invoices.map((i) => i.number).join(', ')}`);
      }
      if (result.lost?.liveUnreadable) lines.push(`The replaced database could not be read: ${result.lost.liveUnreadable}`);
      console.error(lines.join('\n'));
      return 0;
    } catch (e) {
      progress.done();
      const message = e instanceof Error ? e.message : String(e);
      console.error(e instanceof RestoreRefusedError ? `Restore refused: ${message}` : `folio restore: ${message}`);
      return 1;
    }
  },
};
