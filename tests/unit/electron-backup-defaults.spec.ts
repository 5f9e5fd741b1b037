// The desktop's daily backups until the user chooses (issue 36): on, into a folder of the user's Documents; a
// portable install or a system without Documents keeps them beside the data.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BACKUP_FOLDER_NAME, desktopBackupDefaults } from '../../electron/main/backup-defaults';

test('daily backups are on by default, into the Documents folder', () => {
  const d = desktopBackupDefaults({ dataDir: '/home/anna/.config/Folio', documentsDir: '/home/anna/Dokumentumok', env: {} });
  expect(d).toEqual({ dir: join('/home/anna/Dokumentumok', BACKUP_FOLDER_NAME), scheduleEnabled: true, scheduleTime: '12:00', keep: 14 });
  expect(BACKUP_FOLDER_NAME).toBe('Folio biztonsági mentések');
});

test('a portable install (FOLIO_DATA_DIR) or a system without Documents backs up beside the data', () => {
  const portable = desktopBackupDefaults({ dataDir: '/media/usb/folio', documentsDir: '/home/anna/Dokumentumok', env: { FOLIO_DATA_DIR: '/media/usb/folio' } });
  expect(portable.dir).toBe(join('/media/usb/folio', 'backups'));
  expect(portable.scheduleEnabled).toBe(true);
  const noDocuments = desktopBackupDefaults({ dataDir: '/home/anna/.config/Folio', documentsDir: undefined, env: {} });
  expect(noDocuments.dir).toBe(join('/home/anna/.config/Folio', 'backups'));
});
