// Short confirmations ("Saved.") in a polite live region; errors stay on the page where they happened.
import { dates } from '../format';

export interface Toast {
  id: number;
  kind: 'success' | 'info' | 'error';
  text: string;
}

class Toasts {
  items = $state<Toast[]>([]);
  private next = 1;

  push(text: string, kind: Toast['kind'] = 'success', ms = 5000): void {
    const id = this.next++;
    this.items.push({ id, kind, text: dates(text) }); // a core message's ISO dates in the UI's form
    setTimeout(() => this.dismiss(id), ms);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}

export const toasts = new Toasts();
