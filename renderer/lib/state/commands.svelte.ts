// Keyboard and menu commands (new invoice, save, search): the screen on view registers what "save" means for it;
// the shortcut handler and the desktop menu both go through here.
type Handler = () => void;

class Commands {
  private saveHandlers: Handler[] = [];

  /** Registers the current screen's save; returns the unregister function (use it in an $effect cleanup). */
  onSave(handler: Handler): () => void {
    this.saveHandlers.push(handler);
    return () => {
      this.saveHandlers = this.saveHandlers.filter((h) => h !== handler);
    };
  }

  save(): boolean {
    const h = this.saveHandlers.at(-1);
    h?.();
    return h !== undefined;
  }

  /** Focuses the screen's search box (marked with data-search). */
  search(): boolean {
    const el = document.querySelector<HTMLInputElement>('[data-search]');
    el?.focus();
    el?.select();
    return el !== null;
  }
}

export const commands = new Commands();
