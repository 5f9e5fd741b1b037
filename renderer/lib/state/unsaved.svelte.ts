// Nothing typed is lost by leaving an editor. The editor on view registers how to tell it has unsaved changes and
// how to save them; the router asks here before the route changes (links, back/forward, the desktop menu), and
// closing or reloading the window asks too. The question itself is one dialog (components/UnsavedDialog.svelte).

export interface UnsavedEditor {
  /** true while something differs from what was opened or last saved */
  dirty: () => boolean;
  /** saves what is typed; false when it was refused (the editor then shows why, and the user stays) */
  save: () => Promise<boolean>;
  /** the invoice editor saves a draft ("Piszkozat mentése"); other forms save the record ("Mentés") */
  savesDraft?: boolean;
}

export type LeaveChoice = 'save' | 'discard' | 'stay';

export interface LeaveQuestion {
  savesDraft: boolean;
  answer: (choice: LeaveChoice) => void;
}

class UnsavedGuard {
  private editors: UnsavedEditor[] = [];
  /** editors whose changes the user chose to discard: they may be left while the route changes */
  private released = new Set<UnsavedEditor>();
  /** the open question, shown by the dialog until it is answered */
  question = $state<LeaveQuestion | null>(null);
  /** the save chosen in the dialog is under way */
  saving = $state(false);
  /** an answered close of the desktop window: the second beforeunload must let it go */
  private closing = false;

  constructor() {
    window.addEventListener('beforeunload', (e) => this.onBeforeUnload(e));
  }

  /** Registers the editor on view; returns the unregister function (use it as an $effect's cleanup). */
  register(editor: UnsavedEditor): () => void {
    this.editors.push(editor);
    return () => {
      this.editors = this.editors.filter((e) => e !== editor);
      this.released.delete(editor);
    };
  }

  private pending(): UnsavedEditor | undefined {
    return this.editors.findLast((e) => !this.released.has(e) && e.dirty());
  }

  get dirty(): boolean {
    return this.pending() !== undefined;
  }

  /**
   * Resolves true when the screen may be left: nothing unsaved, saved now, or discarded. Each editor with changes is
   * asked about in turn (a client form over a changed invoice: the form first). A second navigation while the
   * question is open is refused rather than asked twice.
   */
  async confirmLeave(): Promise<boolean> {
    const asked = new Set<UnsavedEditor>();
    // An editor answered for is not asked again while a saved modal form is still unmounting.
    for (let editor = this.pending(); editor && !asked.has(editor); editor = this.pending()) {
      asked.add(editor);
      if (!(await this.ask(editor, true))) return false;
    }
    return true;
  }

  /** Resolves true when this one editor may be closed (a modal form's ×, "Mégse", Esc): pristine, saved or discarded. */
  confirmClose(editor: UnsavedEditor): Promise<boolean> {
    return editor.dirty() ? this.ask(editor, false) : Promise.resolve(true);
  }

  private async ask(editor: UnsavedEditor, leaving: boolean): Promise<boolean> {
    if (this.question) return false;
    const choice = await new Promise<LeaveChoice>((resolve) => {
      this.question = { savesDraft: editor.savesDraft ?? false, answer: resolve };
    });
    try {
      if (choice === 'stay') return false;
      if (choice === 'discard') {
        // Leaving: the editor stays on view until the route changes, so it must not be asked about again.
        if (leaving) this.released.add(editor);
        return true;
      }
      this.saving = true;
      return await editor.save().catch(() => false);
    } finally {
      this.saving = false;
      this.question = null;
    }
  }

  private onBeforeUnload(e: BeforeUnloadEvent): void {
    if (this.closing || !this.dirty) return;
    // The browser asks with its own words (it shows no page dialog there).
    e.preventDefault();
    e.returnValue = '';
    // The desktop app shows nothing of its own and simply stays: ask in the app, and close once answered.
    if ('folio' in window && window.folio) {
      void this.confirmLeave().then((leave) => {
        if (!leave) return;
        this.closing = true;
        window.close();
      });
    }
  }
}

export const unsaved = new UnsavedGuard();
