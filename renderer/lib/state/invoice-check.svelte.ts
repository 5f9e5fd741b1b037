// The editor's live legal check: the invoice as typed, checked by the core's dry run (invoices.check) a moment after
// the user stops typing, and once more right before the confirm dialog. It only reads: nothing is numbered or
// written. A body the core cannot even read (a 400) counts as errors too — the same ones issuing would answer.
import type { FieldError } from '../../../shared/errors';
import { asApiError } from '../api/errors';

export interface CheckAnswer {
  errors: FieldError[];
  warnings: FieldError[];
}

export type CheckRunner = (body: unknown) => Promise<CheckAnswer>;

const QUIET_MS = 400;

export class InvoiceCheck {
  errors = $state<FieldError[]>([]);
  warnings = $state<FieldError[]>([]);
  /** idle: not run yet; checking: a dry run is on its way; done: the lists are the answer for the body last sent */
  status = $state<'idle' | 'checking' | 'done' | 'unavailable'>('idle');
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly run: CheckRunner) {}

  /** Checks the body after a quiet moment (typing restarts the wait). */
  schedule(body: unknown): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.now(body), QUIET_MS);
  }

  /** Checks now; the answer of the latest call wins (an older one arriving late is dropped). */
  async now(body: unknown): Promise<CheckAnswer | null> {
    clearTimeout(this.timer);
    const mine = ++this.seq;
    this.status = 'checking';
    let answer: CheckAnswer | null;
    try {
      answer = await this.run(body);
    } catch (e) {
      const error = asApiError(e);
      // A refused body (400/422) is the check's answer; a lost connection is not: issuing will say what it says.
      const refused = !['network', 'bad_reply', 'internal', 'not_available'].includes(error.code);
      answer = refused ? { errors: error.errors.length ? error.errors : [{ field: '', message: error.message }], warnings: [] } : null;
    }
    if (mine !== this.seq) return answer;
    if (answer) {
      this.errors = answer.errors;
      this.warnings = answer.warnings;
      this.status = 'done';
    } else {
      this.status = 'unavailable';
    }
    return answer;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
