// The desktop shell's IPC pieces under plain Node: the dispatcher (names checked against the contract, input
// validated by the core, errors as envelopes), the sender check and the desktop-only shell operations.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createDispatcher, isContractOperation } from '../../electron/main/dispatch';
import { isTrustedSender } from '../../electron/main/sender';
import { APP_ORIGIN, trustedOrigins } from '../../electron/main/origins';
import { createShellOps } from '../../electron/main/shell-ops';
import { FolioError } from '../../shared/errors';
import { openDatabase } from '../../electron/db/open';
import { createCore } from '../../electron/core/index';
import { fixedClock } from '../../electron/core/clock';

const origins = trustedOrigins(undefined);

test.describe('dispatch', () => {
  test('only the contract’s own operation names pass', () => {
    expect(isContractOperation('invoices.create')).toBe(true);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'invoices', '', 'shell.info', 'invoices.create ']) {
      expect(isContractOperation(name)).toBe(false);
    }
    expect(isContractOperation(42)).toBe(false);
    expect(isContractOperation(undefined)).toBe(false);
  });

  test('an unknown operation is a not_found envelope; the core is never called', async () => {
    let called = false;
    const dispatch = createDispatcher({ call: async () => ((called = true), {}) });
    for (const name of ['constructor', 'fs.readFile', 42, null]) {
      const reply = await dispatch(name, {});
      expect(reply).toMatchObject({ success: false, code: 'not_found' });
    }
    expect(called).toBe(false);
  });

  test('input that is not a plain object is refused', async () => {
    const dispatch = createDispatcher({ call: async () => ({}) });
    for (const input of [[1, 2], 'text', 7, new Date()]) {
      expect(await dispatch('clients.list', input)).toMatchObject({ success: false, code: 'bad_request' });
    }
    expect(await dispatch('clients.list', undefined)).toEqual({ success: true, data: {} });
  });

  test('a FolioError crosses as its envelope with field errors; any other error as a generic internal one', async () => {
    const logged: unknown[] = [];
    const failing = createDispatcher({
      call: async (name) => {
        if (name === 'clients.create') throw new FolioError('validation_failed', 'Invalid input', [{ field: 'name', message: 'is required' }]);
        throw new Error('SQLITE_CORRUPT: secret path /home/user/x');
      },
      log: (e) => logged.push(e),
    });
    expect(await failing('clients.create', {})).toEqual({
      success: false,
      error: 'Invalid input',
      code: 'validation_failed',
      errors: [{ field: 'name', message: 'is required' }],
    });
    const internal = await failing('clients.list', {});
    expect(internal).toMatchObject({ success: false, code: 'internal' });
    expect(JSON.stringify(internal)).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  test('with a real core: validation happens in the core and arrives per field; a valid call answers data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-ipc-'));
    const opened = await openDatabase(join(dir, 'db.sqlite'));
    try {
      const core = await createCore({ db: opened.db, clock: fixedClock('2026-11-22T09:00:00Z') });
      const dispatch = createDispatcher({ call: (name, input) => core.call(name, input) });
      const bad = await dispatch('clients.create', { name: 'Kft', taxcode: '12345678-1-12', tax_type: 'HAS_TAX_NUMBER' });
      expect(bad).toMatchObject({ success: false, code: 'validation_failed' });
      expect(bad.success === false && bad.errors?.map((e) => e.field)).toEqual(['taxcode']);
      const good = await dispatch('clients.create', { name: 'Példa Kft.', taxcode: '12345676-2-41', tax_type: 'HAS_TAX_NUMBER' });
      expect(good).toMatchObject({ success: true, data: { attributes: { name: 'Példa Kft.' } } });
      // Structured-clone safe: what crosses IPC survives a JSON round trip unchanged.
      expect(JSON.parse(JSON.stringify(good))).toEqual(good);
    } finally {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('shell operations go to the shell, not the core', async () => {
    const dispatch = createDispatcher({
      call: async () => {
        throw new Error('the core must not see shell operations');
      },
      shell: { 'shell.info': () => ({ version: '1' }) },
    });
    expect(await dispatch('shell.info', {})).toEqual({ success: true, data: { version: '1' } });
    expect(await dispatch('shell.openDataFolder', {})).toMatchObject({ success: false, code: 'not_available' });
  });
});

test.describe('sender check', () => {
  test('only the app’s own main frame may call', () => {
    expect(isTrustedSender({ url: `${APP_ORIGIN}/index.html`, isMainFrame: true }, origins)).toBe(true);
    expect(isTrustedSender({ url: `${APP_ORIGIN}/index.html#/invoices/3`, isMainFrame: true }, origins)).toBe(true);
    expect(isTrustedSender({ url: `${APP_ORIGIN}/index.html`, isMainFrame: false }, origins)).toBe(false);
    for (const url of ['app://evil/index.html', 'https://example.com/', 'file:///etc/passwd', 'blob:app://folio/1234', 'data:text/html,x', 'about:blank', 'not a url']) {
      expect(isTrustedSender({ url, isMainFrame: true }, origins), url).toBe(false);
    }
    expect(isTrustedSender(null, origins)).toBe(false);
  });

  test('a dev server is trusted only when named, and only on loopback', () => {
    expect(trustedOrigins('http://localhost:5173')).toEqual([APP_ORIGIN, 'http://localhost:5173']);
    expect(trustedOrigins('http://127.0.0.1:5173/')).toContain('http://127.0.0.1:5173');
    expect(trustedOrigins('http://192.168.1.5:5173')).toEqual([APP_ORIGIN]);
    expect(trustedOrigins('https://localhost:5173')).toEqual([APP_ORIGIN]);
    const dev = trustedOrigins('http://localhost:5173');
    expect(isTrustedSender({ url: 'http://localhost:5173/#/', isMainFrame: true }, dev)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5173/#/', isMainFrame: true }, origins)).toBe(false);
  });
});

test.describe('shell operations', () => {
  test('info gives today in the business time zone; the language is normalised', async () => {
    let menuLang = '';
    const ops = createShellOps({
      version: '0.1.0',
      dataDir: '/data',
      dbFile: '/data/folio.sqlite',
      platform: 'linux',
      now: () => new Date('2026-11-22T23:30:00Z'),
      timeZone: () => 'Europe/Budapest',
      openFolder: async () => '',
      setLanguage: (lang) => {
        menuLang = lang;
      },
    });
    expect(ops['shell.info']()).toMatchObject({ today: '2026-11-23', dataDir: '/data', version: '0.1.0' });
    expect(ops['shell.setLanguage']({ lang: 'de' })).toEqual({ lang: 'de' });
    expect(menuLang).toBe('de');
    expect(ops['shell.setLanguage']({ lang: '<script>' })).toEqual({ lang: 'hu' });
    expect(await ops['shell.openDataFolder']()).toEqual({ opened: true });
  });
});
