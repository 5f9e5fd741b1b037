// Checks who is calling over IPC. Only the app's own top-level page may run operations: not an iframe (the PDF
// preview is one), not a page the window was somehow navigated to, not a devtools extension.
import { isAppUrl } from './origins';

export interface SenderFrame {
  url: string;
  /** true when the frame is the window's main frame (no parent) */
  isMainFrame: boolean;
}

export function isTrustedSender(frame: SenderFrame | null | undefined, origins: readonly string[]): boolean {
  if (!frame || !frame.isMainFrame) return false;
  return isAppUrl(frame.url, origins);
}
