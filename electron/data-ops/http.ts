// The data area's part of the HTTP door: a finished export is downloaded from GET /data/exports/:job/file, with the
// API key like every other route. (The holder's gate, which every request passes, is the app's first hook: see
// ServerOptions.enter in electron/server/app.ts.)
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { FolioError } from '../../shared/errors';
import { mayCall } from '../../shared/contract/permissions';

export interface DataDoor {
  exportFile(job: string): { path: string; filename: string } | undefined;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function contentTypeOf(filename: string): string {
  if (filename.endsWith('.json')) return 'application/json; charset=utf-8';
  return filename.endsWith('.xlsx') ? XLSX : 'application/zip';
}

export function registerDataRoutes(app: FastifyInstance, door: DataDoor): void {
  app.get('/data/exports/:job/file', async (req, reply) => {
    // the file of an export is the export's: the same permission as asking how far it is
    if (req.caller && !mayCall(req.caller.role, 'data.exportStatus')) throw new FolioError('forbidden', `The ${req.caller.role} role may not download exports`);
    const { job } = req.params as { job: string };
    const file = /^[a-f0-9]{16,64}$/.test(job) ? door.exportFile(job) : undefined;
    if (!file) throw new FolioError('not_found', 'No finished export under this id (exports are kept for an hour)');
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', contentTypeOf(file.filename))
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file.path));
  });
}
