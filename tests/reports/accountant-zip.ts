// The accountant package as the UI gets it: POST /exports/accountant starts the job, data.exportStatus is polled
// (done ≤ total all the way) and GET /data/exports/:job/file downloads the ZIP, unpacked here by name.
import { expect } from '@playwright/test';
import { until, KEY, type ServerRig } from '../backup/data-rig';
import { unzip } from '../backup/unzip';

export interface PackageJob {
  job: string;
  filename: string;
  error: string | null;
  counts: Record<string, number> | null;
  skipped: Array<{ number: string; message: string }>;
}

export async function accountantPackage(rig: ServerRig, from: string, to: string): Promise<{ job: PackageJob; files: Map<string, Buffer> }> {
  const res = await fetch(`${rig.server.url}/exports/accountant`, {
    method: 'POST',
    headers: { 'X-API-KEY': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ date_from: from, date_to: to }),
  });
  expect(res.status).toBe(200);
  const started = ((await res.json()) as { data: { job: string; format: string } }).data;
  expect(started.format).toBe('accountant');
  const job = await until(
    'the package',
    async () => {
      const s = await rig.ok('data.exportStatus', { job: started.job });
      expect(s.done).toBeLessThanOrEqual(s.total);
      return s.state === 'running' ? undefined : (s as PackageJob);
    },
    90_000,
  );
  expect(job.error).toBeNull();
  const file = await rig.get(`/data/exports/${job.job}/file`);
  expect(file.status).toBe(200);
  return { job, files: unzip(Buffer.from(await file.arrayBuffer())) };
}
