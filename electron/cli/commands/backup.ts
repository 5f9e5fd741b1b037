// `npm run folio -- backup --db <file> [--out <dir>]`: an online backup (SQLite's backup API), safe while the app or
// `npm run serve` is running. Prints the backup's path on stdout; progress and the summary go to stderr.
import { dirname, join, resolve } from 'node:path';
import { readOptions, refuse } from '../options';
import { backupDatabase } from '../../backup/backup';
import { progressLine } from '../../backup/progress-line';

const HELP = `Usage: npm run folio -- backup --db <file> [--out <dir>]

Copies the database into <dir> as folio-backup-<UTC time>.sqlite, with SQLite's online backup API: Folio may
keep running (and issuing invoices) meanwhile; the copy is one consistent moment of the data, checked with
quick_check, in a single self-contained file. Prints the path of the backup.

Options:
  --db <file>    the Folio database (required)
  --out <dir>    where to put the backup (default: a "backups" folder beside the database)
  -h, --help     this text

Restore with: npm run folio -- restore --db <file> --from <backup>`;

export const command = {
  summary: 'Back up the database (online, while Folio runs) to a timestamped file',

  async run(args: string[]): Promise<number> {
    const options = readOptions({ args, options: { db: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }, HELP);
    if (typeof options === 'number') return options;
    const { values } = options;
    if (!values.db) return refuse('Missing --db <file>.', HELP);
    const db = resolve(values.db);
    const out = resolve(values.out ?? join(dirname(db), 'backups'));
    const progress = progressLine();
    try {
      const result = await backupDatabase({
        source: db,
        dir: out,
        onProgress: (p) => progress.update('backup', p.totalPages - p.remainingPages, p.totalPages),
      });
      progress.done(
        `Backed up ${db} → ${result.file} (${(result.bytes / 1024).toFixed(0)} KiB, ${result.pages} pages, ${result.ms} ms` +
          `${result.restarts ? `, restarted ${result.restarts}× because Folio wrote meanwhile` : ''})`,
      );
      console.log(result.file);
      return 0;
    } catch (e) {
      progress.done();
      console.error(`folio backup: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
  },
};
