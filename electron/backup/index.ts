// Public surface of backups: online backup, the daily schedule, restore, and the start-up health check.
export { backupDatabase, BackupError, type BackupOptions, type BackupProgress, type BackupResult } from './backup';
export { createBackupSchedule, prune, AUTO_PREFIX, type BackupSchedule, type BackupScheduleOptions } from './schedule';
export { restore, RestoreRefusedError, type RestoreOptions, type RestoreResult, type RestoreRefusal } from './restore';
export { describeLoss, lossReport, issuedInvoices, type LossReport, type IssuedInvoice } from './inspect';
export { openDatabaseChecked, damagedMessage, DamagedDatabaseError } from './health';
export { listBackups, fileStamp } from './files';
