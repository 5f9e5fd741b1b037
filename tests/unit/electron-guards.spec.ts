// The shell's guards under plain Node: navigation, new windows, external links, permissions, the app:// file
// mapping and the Content Security Policy.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { navigationDecision, windowOpenDecision } from '../../electron/main/navigation';
import { isAllowedExternalUrl } from '../../electron/main/external-links';
import { permissionDecision } from '../../electron/main/permissions';
import { mimeType, resolveStaticPath } from '../../electron/main/static-files';
import { contentSecurityPolicy, CSP_DIRECTIVES } from '../../electron/main/csp';
import { APP_ORIGIN, trustedOrigins } from '../../electron/main/origins';

const origins = trustedOrigins(undefined);

test('the window never navigates away from the app', () => {
  expect(navigationDecision(`${APP_ORIGIN}/index.html`, origins)).toBe('allow');
  for (const url of ['https://nav.gov.hu/', 'http://localhost:8080/', 'file:///home/user/folio.sqlite', 'app://other/', 'javascript:alert(1)', 'chrome://settings']) {
    expect(navigationDecision(url, origins), url).toBe('deny');
  }
});

test('new windows are always denied; allow-listed https links go to the system browser', () => {
  expect(windowOpenDecision('https://onlineszamla.nav.gov.hu/')).toEqual({ action: 'deny', openExternal: 'https://onlineszamla.nav.gov.hu/' });
  expect(windowOpenDecision('https://evil.example/')).toEqual({ action: 'deny' });
  expect(windowOpenDecision(`${APP_ORIGIN}/index.html`)).toEqual({ action: 'deny' });
});

test('external links: https, exact allow-listed hosts, no credentials or ports', () => {
  expect(isAllowedExternalUrl('https://nav.gov.hu/adatbazisok')).toBe(true);
  expect(isAllowedExternalUrl('https://ec.europa.eu/taxation_customs/vies/')).toBe(true);
  for (const url of [
    'http://nav.gov.hu/',
    'https://nav.gov.hu.evil.example/',
    'https://evil-nav.gov.hu/',
    'https://user:pw@nav.gov.hu/',
    'https://nav.gov.hu:8443/',
    'file:///C:/Windows/system32/calc.exe',
    'smb://server/share',
    'javascript:alert(1)',
    'ms-msdt:/id',
    'not a url',
  ]) {
    expect(isAllowedExternalUrl(url), url).toBe(false);
  }
});

test('permission requests are denied, except clipboard writes from the app itself', () => {
  for (const p of ['media', 'geolocation', 'notifications', 'midi', 'hid', 'serial', 'usb', 'openExternal', 'clipboard-read']) {
    expect(permissionDecision(p, `${APP_ORIGIN}/index.html`, origins), p).toBe(false);
  }
  expect(permissionDecision('clipboard-sanitized-write', `${APP_ORIGIN}/index.html`, origins)).toBe(true);
  expect(permissionDecision('clipboard-sanitized-write', 'https://evil.example/', origins)).toBe(false);
});

test('app:// paths stay inside the renderer folder', () => {
  const root = join('/opt', 'folio', 'dist', 'renderer');
  expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'));
  expect(resolveStaticPath(root, '/assets/index-abc.js')).toBe(join(root, 'assets', 'index-abc.js'));
  for (const path of ['/../../../etc/passwd', '/assets/%2e%2e/%2e%2e/secret', '/%2e%2e%2fmain.cjs', '/..\\..\\x', '/a%00b', '/%E0%A4%A']) {
    expect(resolveStaticPath(root, path), path).toBeNull();
  }
  expect(mimeType('x.js')).toBe('text/javascript; charset=utf-8');
  expect(mimeType('x.css')).toBe('text/css; charset=utf-8');
  expect(mimeType('x.exe')).toBe('application/octet-stream');
});

test('the CSP allows no inline or evaluated code and no foreign origins', () => {
  const csp = contentSecurityPolicy();
  expect(CSP_DIRECTIVES['default-src']).toBe("'none'");
  expect(CSP_DIRECTIVES['script-src']).toBe("'self'");
  expect(CSP_DIRECTIVES['style-src']).toBe("'self'");
  expect(CSP_DIRECTIVES['object-src']).toBe("'none'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
});
