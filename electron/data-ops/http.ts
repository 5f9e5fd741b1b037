// The data area's part of the HTTP door: a finished export is downloaded from GET /data/exports/:job/file, with the
// API key like every other route. The file is streamed: from the process's work folder on a SQLite file, piece by
// piece from the database on the team server (whichever process built it). (The holder's gate, which every request
// passes, is the app's first hook: see ServerOptions.enter in electron/server/app.ts.)
import type { FastifyInstance } from 'fastify';
import { FolioError } from '../../shared/errors';
import { mayCall } from '../../shared/contract/permissions';
import type { ExportDownload } from './export-request';

export interface DataDoor {
  exportFile(job: string): Promise<ExportDownload | undefined>;
}

export function registerDataRoutes(app: FastifyInstance, door: DataDoor): void {
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
