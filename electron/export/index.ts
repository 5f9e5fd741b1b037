// Public surface of the export: all data as JSON or CSV, and the CSV helpers.
export { exportData, EXPORT_FORMAT_VERSION, type ExportFormat, type ExportOptions, type ExportProgress, type ExportResult } from './export';
export { csvRecords, csvText, UTF8_BOM, type CsvDelimiter } from './csv';
export type { ExportRange } from './source';
export { sqliteSource, type ExportSource } from './snapshot';
