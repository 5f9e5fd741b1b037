// The data area's part of the HTTP door: a finished export is downloaded from GET /data/exports/:job/file, with the
// API key like every other route. The file is streamed: from the process's work folder on a SQLite file, piece by
// piece from the database on the team server (whichever process built it). (The holder's gate, which every request
// passes, is the app's first hook: see ServerOptions.enter in electron/server/app.ts.)
import type { FastifyInstance, FastifyReply } from 'fastify';
import { FolioError } from '../../shared/errors';
import { mayCall } from '../../shared/contract/permissions';
import type { ExportDownload } from './export-request';

export interface DataDoor {
  exportFile(job: string): Promise<ExportDownload | undefined>;
  backupFile?(name: string): Promise<ExportDownload | undefined>;
}

function sendFile(reply: FastifyReply, file: ExportDownload) {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('cache-control', 'private, no-store')
    .send(file.open());
}

export function registerDataRoutes(app: FastifyInstance, door: DataDoor): void {
  // A backup taken away from the browser (issue 36): a server's owner has no other way to the file. The same
  // permission as listing the backups; the name must be one of the listing's (backupFile checks), never a path.
  app.get('/data/backups/:name/file', async (req, reply) => {
    if (req.caller && !mayCall(req.caller.role, 'data.backups')) throw new FolioError('forbidden', `The ${req.caller.role} role may not download backups`);
    const { name } = req.params as { name: string };
    const file = /^folio-[a-z-]+-[0-9T+-]+\.sqlite$/.test(name) && door.backupFile ? await door.backupFile(name) : undefined;
    if (!file) throw new FolioError('not_found', 'No backup of that name in the backup folder');
    return sendFile(reply, file);
  });

  app.get('/data/exports/:job/file', async (req, reply) => {
    // the file of an export is the export's: the same permission as asking how far it is
    if (req.caller && !mayCall(req.caller.role, 'data.exportStatus')) throw new FolioError('forbidden', `The ${req.caller.role} role may not download exports`);
    const { job } = req.params as { job: string };
    const file = /^[a-f0-9]{16,64}$/.test(job) ? await door.exportFile(job) : undefined;
    if (!file) throw new FolioError('not_found', 'No finished export under this id (exports are kept for an hour, on a team server for a day)');
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('cache-control', 'private, no-store')
      .send(file.open());
  });
}
