// Registers the one IPC channel. Every call passes the sender check first, then the dispatcher (operation name,
// input validation in the core, errors as envelopes).
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CALL_CHANNEL } from '../../shared/contract/bridge';
import { createDispatcher, type DispatchDeps } from './dispatch';
import { isTrustedSender } from './sender';

export function registerIpc(deps: DispatchDeps, origins: readonly string[]): void {
  const dispatch = createDispatcher(deps);
  ipcMain.handle(CALL_CHANNEL, async (event: IpcMainInvokeEvent, name: unknown, input: unknown) => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null, origins)) {
      return { success: false, error: 'This page may not call Folio', code: 'unauthorized' } as const;
    }
    return dispatch(name, input);
  });
}
