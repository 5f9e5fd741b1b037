// Serves the built renderer from app://folio/ — a privileged, standard, secure scheme — instead of file://, so the
// page has a real origin for the CSP and the sender check, and cannot read other local files.
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { contentSecurityPolicy } from './csp';
import { APP_HOST, APP_SCHEME } from './origins';
import { mimeType, resolveStaticPath } from './static-files';

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || request.method !== 'GET') return new Response('Not found', { status: 404 });
    const file = resolveStaticPath(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': mimeType(file),
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-cache',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
