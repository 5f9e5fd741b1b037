// The backup half of the data area on the team server (PostgreSQL). Its database is backed up by the administrator
// with PostgreSQL's own tools (docs/deployment.md): Folio keeps no backup folder there and restores nothing, since
// a restore by one server process would pull the data from under the others. The settings say so; every backup
// operation is refused with the same words, before anything is touched.
import { FolioError } from '../../shared/errors';
import type { BackupArea } from './local-backups';

export const TEAM_SERVER_BACKUPS =
  "This team server's database is backed up by its administrator with PostgreSQL's own tools (docs/deployment.md), not by Folio; nothing was changed";

const refused = (): never => {
  throw new FolioError('rule_violation', TEAM_SERVER_BACKUPS);
};

export function teamServerBackups(): BackupArea {
  return {
    operations: {
      'data.backupSettings': async () => ({ managed_by_server: true }),
      'data.saveBackupSettings': async () => refused(),
      'data.backupNow': async () => refused(),
      'data.backups': async () => refused(),
      'data.inspectBackup': async () => refused(),
      'data.restore': async () => refused(),
    },
    saveDir: async () => refused(),
    // the team server's backups are its administrator's, not files Folio serves
    backupFile: async () => undefined,
    checkExport(request) {
      // the file is downloaded; a folder on the server's machine would be nobody's
      if (request.save_to_folder) {
        throw new FolioError('rule_violation', 'A team server keeps no copy of an export in a folder; download the file instead', [
          { field: 'save_to_folder', message: 'is not available on a team server; download the file instead' },
        ]);
      }
    },
    start: () => undefined,
    stop: async () => undefined,
  };
}
