// Once per test run, before any worker starts: the server and CLI bundles the tests spawn are brought up to date
// (a few milliseconds when they are; one esbuild run when a source changed). One build for all workers, so two
// workers never write dist/node/ at the same time.
import { ensureNodeBuilt } from '../../scripts/build-node.mjs';

export default async function globalSetup(): Promise<void> {
  await ensureNodeBuilt();
}
