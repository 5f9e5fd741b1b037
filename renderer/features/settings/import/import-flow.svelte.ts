// The steps of an import as state: the file (kept in memory as base64 and sent with each call — the core keeps
// nothing between them), the detected or chosen encoding and separator, one Folio field per column of the file, the
// preview (asked for again after every change) and the result. Answers that arrive after a newer question are dropped.
import {
  IMPORT_FIELDS,
  IMPORT_MAX_FILE_BYTES,
  REQUIRED_IMPORT_FIELDS,
  type DuplicateChoice,
  type ImportAnalysis,
  type ImportEncoding,
  type ImportField,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  type ImportSeparator,
} from '../../../../shared/contract/areas/import-fields';
import { app } from '../../../lib/state/app.svelte';
import { FieldErrors } from '../../../lib/state/field-errors.svelte';
import { t } from '../../../lib/i18n/i18n.svelte';
import { toBase64 } from './base64';

/** The first rows the preview shows (rows with errors or duplicates come besides). */
export const PREVIEW_ROWS = 20;

export class ImportFlow {
  kind = $state<ImportKind>('clients');
  fileName = $state('');
  analysis = $state.raw<ImportAnalysis | null>(null);
  encoding = $state<ImportEncoding>('utf-8');
  separator = $state<ImportSeparator>(';');
  /** the Folio field of each column of the file ('' = not imported) */
  columns = $state<Array<ImportField | ''>>([]);
  duplicates = $state<DuplicateChoice>('skip');
  skipErrors = $state(false);
  preview = $state.raw<ImportPreview | null>(null);
  result = $state.raw<ImportResult | null>(null);
  busy = $state<'' | 'reading' | 'previewing' | 'running'>('');
  readonly errors = new FieldErrors();
  private file: string | null = null;
  private asked = 0;

  /** Required fields no column is mapped to yet. */
  missing = $derived(REQUIRED_IMPORT_FIELDS[this.kind].filter((f) => !this.columns.includes(f)));
  blocked = $derived(!!this.preview && this.preview.counts.errors > 0 && !this.skipErrors);
  toImport = $derived(this.preview ? this.preview.counts.create + this.preview.counts.merge : 0);

  get fields(): readonly ImportField[] {
    return IMPORT_FIELDS[this.kind];
  }

  async choose(file: File | undefined): Promise<void> {
    this.reset();
    if (!file) return;
    this.fileName = file.name;
    if (file.size > IMPORT_MAX_FILE_BYTES) {
      this.errors.setField('file', t('imp.fileTooLarge'));
      return;
    }
    this.busy = 'reading';
    try {
      this.file = toBase64(new Uint8Array(await file.arrayBuffer()));
    } finally {
      this.busy = '';
    }
    await this.analyze();
  }

  async setKind(kind: ImportKind): Promise<void> {
    this.kind = kind;
    this.result = null;
    if (this.file) await this.analyze();
  }

  /** Reads the file's shape; a chosen encoding or separator is kept, the mapping proposed afresh. */
  async analyze(choice: { encoding?: ImportEncoding; separator?: ImportSeparator } = {}): Promise<void> {
    if (!this.file) return;
    const asked = ++this.asked;
    this.busy = 'reading';
    this.errors.clear();
    this.preview = null;
    try {
      const analysis = await app.api.call('import.analyze', { kind: this.kind, file: this.file, ...choice });
      if (asked !== this.asked) return;
      this.analysis = analysis;
      this.encoding = analysis.encoding;
      this.separator = analysis.separator;
      this.columns = analysis.headers.map((_h, i) => (Object.entries(analysis.mapping).find(([, c]) => c === i)?.[0] as ImportField | undefined) ?? '');
    } catch (e) {
      if (asked === this.asked) {
        this.analysis = null;
        this.errors.set(e);
      }
      return;
    } finally {
      if (asked === this.asked) this.busy = '';
    }
    await this.refresh();
  }

  /** One field per column: choosing a field for a column takes it from the column that had it. */
  async setColumn(index: number, field: ImportField | ''): Promise<void> {
    this.columns = this.columns.map((f, i) => (i === index ? field : field !== '' && f === field ? '' : f));
    this.result = null;
    await this.refresh();
  }

  async setDuplicates(choice: DuplicateChoice): Promise<void> {
    this.duplicates = choice;
    await this.refresh();
  }

  private mapping(): Partial<Record<ImportField, number>> {
    const mapping: Partial<Record<ImportField, number>> = {};
    this.columns.forEach((field, i) => {
      if (field) mapping[field] = i;
    });
    return mapping;
  }

  private planInput() {
    return { kind: this.kind, file: this.file!, encoding: this.encoding, separator: this.separator, mapping: this.mapping(), duplicates: this.duplicates };
  }

  /** The preview for the current choices; none while a required field has no column. */
  async refresh(): Promise<void> {
    const asked = ++this.asked;
    this.preview = null;
    this.errors.clear();
    if (!this.file || !this.analysis || this.missing.length) return;
    this.busy = 'previewing';
    try {
      const preview = await app.api.call('import.preview', { ...this.planInput(), limit: PREVIEW_ROWS });
      if (asked === this.asked) this.preview = preview;
    } catch (e) {
      if (asked === this.asked) this.errors.set(e);
    } finally {
      if (asked === this.asked) this.busy = '';
    }
  }

  async run(): Promise<void> {
    if (!this.file || !this.preview || this.blocked) return;
    const asked = ++this.asked;
    this.busy = 'running';
    this.errors.clear();
    try {
      this.result = await app.api.call('import.run', { ...this.planInput(), skip_errors: this.skipErrors });
      void markImportDone();
    } catch (e) {
      // the records may have changed meanwhile (another window, a synced device): show what the core finds now
      if (asked === this.asked) await this.refresh();
      this.errors.set(e);
    } finally {
      if (this.busy === 'running') this.busy = '';
    }
  }

  reset(): void {
    this.asked++;
    this.file = null;
    this.fileName = '';
    this.analysis = null;
    this.columns = [];
    this.preview = null;
    this.result = null;
    this.skipErrors = false;
    this.busy = '';
    this.errors.clear();
  }
}

/**
 * Having imported, the setup guide's "bring over clients and products" step is done (nothing else in the data says
 * an import happened). Only a note for the guide: if it cannot be saved the import itself still stands.
 */
async function markImportDone(): Promise<void> {
  if (app.settings?.setup_steps.import === 'done') return;
  try {
    app.settings = await app.api.call('settings.update', { setup_steps: { import: 'done' } });
  } catch {
    // the guide keeps offering the step; the user can still mark it done there
  }
}
