// The origins the app's own UI is loaded from. Everything else — remote pages, file:// paths, blob: frames — is
// foreign to the shell's checks. Pure (no 'electron'), shared by the sender check and the navigation guard.

/** The privileged custom scheme that serves dist/renderer (registered as standard + secure). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'folio';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** The origin of a URL, or null for anything unparsable or opaque. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    // Standard custom schemes parse with a host; opaque ones (data:, blob: of a foreign page) have origin "null".
    if (u.protocol === `${APP_SCHEME}:`) return u.host === APP_HOST ? APP_ORIGIN : null;
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.origin;
    return null;
  } catch {
    return null;
  }
}

/**
 * Origins trusted as the app: the app scheme always; a Vite dev server only when the shell runs unpackaged and was
 * told one explicitly (FOLIO_DEV_SERVER_URL), and only on the loopback interface.
 */
export function trustedOrigins(devServerUrl?: string | undefined): string[] {
  const origins = [APP_ORIGIN];
  if (devServerUrl) {
    const origin = originOf(devServerUrl);
    if (origin && /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(origin)) origins.push(origin);
  }
  return origins;
}

export function isAppUrl(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && origins.includes(origin);
}
