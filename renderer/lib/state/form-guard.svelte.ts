// A record's form joins the unsaved-changes guard (unsaved.svelte.ts) with two lines: it is changed while its state
// differs from the one it was opened with (or last saved), and its save says whether the core stored it. Inside a
// Modal the form also holds the modal's close (×, Esc, its own "Mégse"): closing with changes asks the same question.
import { getContext, setContext } from 'svelte';
import { unsaved, type UnsavedEditor } from './unsaved.svelte';

const MODAL_KEY = Symbol('modal-close-guard');

/** What a Modal offers the form inside it: the editor whose changes its closing asks about. */
export interface ModalCloseGuard {
  hold: (editor: UnsavedEditor) => () => void;
}

/** Called by Modal: its content's form can then hold its close (or `own` names it). Returns what to ask before closing. */
export function provideModalGuard(own: () => UnsavedEditor | undefined): () => Promise<boolean> {
  let held: UnsavedEditor | undefined;
  setContext<ModalCloseGuard>(MODAL_KEY, {
    hold(editor) {
      held = editor;
      return () => {
        if (held === editor) held = undefined;
      };
    },
  });
  return () => {
    const editor = own() ?? held;
    return editor ? unsaved.confirmClose(editor) : Promise.resolve(true);
  };
}

export interface GuardedForm {
  /** what was registered (a dialog's own Modal takes it as its `editor`) */
  editor: UnsavedEditor;
  /** true while the form differs from how it was opened or last saved */
  dirty: () => boolean;
  /** stores the form (its submit calls this) and takes what was stored as the new unchanged state */
  save: () => Promise<boolean>;
  /** takes the form as it is now as the unchanged state (a dialog filled after it opened) */
  reset: () => void;
  /** runs `close` (the form's "Mégse") once a pristine form, or after the question is answered "save" or "discard" */
  cancel: (close?: () => void) => Promise<void>;
}

/**
 * Registers a form during its component's set-up. `state` is what the user edits (compared as JSON; undefined while
 * nothing is being edited, e.g. a closed dialog); `save` stores it and resolves whether the core accepted it (a refusal
 * shows its errors and the user stays).
 */
export function guardForm(state: () => unknown, save: () => Promise<boolean>): GuardedForm {
  const snapshot = (): string | undefined => {
    const now = state();
    return now === undefined ? undefined : JSON.stringify($state.snapshot(now));
  };
  let opened = snapshot();
  const editor: UnsavedEditor = {
    dirty: () => {
      const now = snapshot();
      return now !== undefined && now !== opened;
    },
    save: async () => {
      const taken = snapshot();
      const stored = await save();
      if (stored) opened = taken;
      return stored;
    },
  };
  const modal = getContext<ModalCloseGuard | undefined>(MODAL_KEY);
  $effect(() => {
    const off = unsaved.register(editor);
    const release = modal?.hold(editor);
    return () => {
      off();
      release?.();
    };
  });
  return {
    editor,
    dirty: editor.dirty,
    save: editor.save,
    reset: () => {
      opened = snapshot();
    },
    cancel: async (close) => {
      if (await unsaved.confirmClose(editor)) close?.();
    },
  };
}
