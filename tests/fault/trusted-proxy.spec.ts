// Behind a reverse proxy every request comes from the proxy's address. `--trust-proxy <address>` (FOLIO_TRUST_PROXY)
// makes the server take the client's address from that proxy's X-Forwarded-For, so one client's wrong share links
// hold back that client only; without it the header is ignored, so nobody can dodge a limit by writing it.
import { expect, test } from '@playwright/test';
import { call } from './support/http';
import { serveDatabase, startServe, tempDir } from './support/procs';

const KEY = 'proxy-key-0123456789abcdef';

async function missesFrom(url: string, forwardedFor: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await call(url, 'GET', `/access/c:${'p'.repeat(20)}${forwardedFor.length}${i}`, { headers: { 'x-forwarded-for': forwardedFor } })).status);
  }
  return statuses;
}

for (const trusted of [true, false]) {
  test(`share-link misses are counted per ${trusted ? 'forwarded client behind a trusted proxy' : 'connection when no proxy is trusted'}`, async () => {
    test.setTimeout(120_000);
    const tmp = tempDir('trusted-proxy');
    const server = await startServe(await serveDatabase(tmp), KEY, trusted ? { FOLIO_TRUST_PROXY: '127.0.0.1' } : {}, { seller: false });
    try {
      expect(await missesFrom(server.url, '198.51.100.7', 30)).toEqual(Array(30).fill(404));
      expect(await missesFrom(server.url, '198.51.100.7', 1)).toEqual([429]);
      // another client behind the same proxy: its own budget only when the proxy is trusted
      expect(await missesFrom(server.url, '198.51.100.8', 1)).toEqual([trusted ? 404 : 429]);
    } finally {
      await server.kill();
      tmp.remove();
    }
  });
}
