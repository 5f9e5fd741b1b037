// An export job (the data export, the accountant package, the package by e-mail) runs in the background on the
// core's side; the screen asks for its state until it is no longer running, showing each state it gets.
import type { ExportJob } from '../../../../shared/contract/areas/data';
import { app } from '../../../lib/state/app.svelte';

/** How often a running job is asked for: often enough for a smooth progress bar, rare enough to cost nothing. */
const POLL_MS = 300;

/** Follows a started job to its end; `seen` gets every state on the way (for the progress bar). */
export async function followExportJob(started: ExportJob, seen: (job: ExportJob) => void): Promise<ExportJob> {
  let job = started;
  seen(job);
  while (job.state === 'running') {
    await new Promise((r) => setTimeout(r, POLL_MS));
    job = await app.api.call('data.exportStatus', { job: job.job });
    seen(job);
  }
  return job;
}
