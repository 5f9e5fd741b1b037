// The test message's failures that need a misbehaving server rather than a wrong setting: one that accepts the
// connection and never greets (timeout), and one that hangs up at once (connection). Real TCP servers on 127.0.0.1.
import { createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { sendTestMessage } from '../../electron/mail/index';
import { smtpSettings } from './helpers';

async function tcpServer(onSocket: (s: Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    onSocket(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

test('a server that never greets is a timeout, within the given limit', async () => {
  const silent = await tcpServer(() => undefined);
  try {
    const started = Date.now();
    const result = await sendTestMessage(smtpSettings(silent.port), 'tulaj@minta.example', 'hu', 400);
    expect(result).toMatchObject({ sent: false, reason: 'timeout', to: 'tulaj@minta.example' });
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    await silent.close();
  }
});

test('a server that hangs up at once is a broken connection', async () => {
  const rude = await tcpServer((s) => s.destroy());
  try {
    const result = await sendTestMessage(smtpSettings(rude.port), 'tulaj@minta.example', 'en', 2_000);
    expect(result).toMatchObject({ sent: false, reason: 'connection' });
    expect(result.detail).not.toBe('');
  } finally {
    await rude.close();
  }
});
