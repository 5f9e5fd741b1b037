// A restore brings back the backup's audit log (the log lives in the database), and the restore itself is logged in
// the database restored — the one in use from then on — not in the file it replaced.
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { startDataRig, type DataRig } from '../backup/data-rig';

let rig: DataRig | undefined;
test.afterEach(async () => rig?.close());

test('the restore is logged in the restored database, after the backup\'s own rows', async () => {
  rig = await startDataRig();
  await rig.ok('clients.create', { name: 'Mentés Előtti Kft.' });
  await rig.ok('data.saveBackupSettings', { backup_folder: join(rig.dir, 'backups'), schedule_enabled: false, schedule_time: '02:00', keep_daily: 3 });
  const backup = (await rig.ok('data.backupNow')).last.file as string;
  await rig.ok('clients.create', { name: 'Mentés Utáni Kft.' });
  await rig.ok('data.restore', { backup });

  const ops = ((await rig.ok('audit.list', {})).items as Array<{ operation: string; user_name: string; summary: unknown }>).map((r) => r.operation);
  // newest first: the restore, then what the backup held. The client made after it is gone with its row, and so is
  // the backup's own row: it is written once the backup is done, after the copy was taken.
  expect(ops).toEqual(['data.restore', 'data.saveBackupSettings', 'clients.create']);
  const [restore] = (await rig.ok('audit.list', { limit: 1 })).items;
  expect(restore).toMatchObject({ user_name: 'API key', origin: 'http', summary: { backup } });
});
