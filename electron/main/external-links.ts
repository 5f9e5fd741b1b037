// Which links may leave the app for the user's browser. Only https, only to a short list of hosts the UI links to
// (tax authority, EU VAT check, central bank rates, Folio's own pages), no credentials, no odd ports: a compromised
// or buggy renderer cannot make the shell open arbitrary URLs or local programs (file:, smb:, custom schemes).
export const EXTERNAL_HOSTS: readonly string[] = [
  'nav.gov.hu',
  'onlineszamla.nav.gov.hu',
  'ec.europa.eu',
  'mnb.hu',
  'www.mnb.hu',
  'github.com',
];

export function isAllowedExternalUrl(url: string, hosts: readonly string[] = EXTERNAL_HOSTS): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:') return false;
  if (u.username || u.password || u.port) return false;
  const host = u.hostname.toLowerCase();
  // Exact names only: "nav.gov.hu.evil.com" or "evil-nav.gov.hu" must not pass.
  return hosts.includes(host);
}
