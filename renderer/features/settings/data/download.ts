// Browser mode: a finished export comes from GET /data/exports/:job/file (a backup from GET /data/backups/:name/file)
// with the session's API key, and is handed
// to the browser as a download (a blob: link clicked once). The desktop has no such door: its exports are saved
// into the backup folder instead (the export's save_to_folder).
import { session } from '../../../lib/boot';
import { ApiError, isEnvelope } from '../../../lib/api/errors';

export function downloadExport(job: string): Promise<string> {
  return downloadFile(`data/exports/${encodeURIComponent(job)}/file`, 'folio-export');
}

/** A backup of the backup folder, by its name (GET /data/backups/:name/file; issue 36). */
export function downloadBackup(name: string): Promise<string> {
  return downloadFile(`data/backups/${encodeURIComponent(name)}/file`, name);
}

async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(new URL(path, document.baseURI), {
      headers: session.key ? { 'X-API-KEY': session.key } : {},
      cache: 'no-store',
    });
  } catch {
    throw new ApiError('network', 'Folio cannot be reached');
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    throw isEnvelope(body) ? ApiError.fromEnvelope(body, res.status) : new ApiError('bad_reply', `HTTP ${res.status}`, [], res.status);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const filename = star ? decodeURIComponent(star[1]!) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  // the browser has taken the file once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}
