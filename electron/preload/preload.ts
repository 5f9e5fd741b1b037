// The preload script (bundled to CommonJS, runs sandboxed): exposes exactly two functions to the page through
// contextBridge — `call(operation, input)` over the one IPC channel, and `on(event, listener)` for menu commands.
// No ipcRenderer, no Node API and no arbitrary channel ever reaches the page.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_CHANNEL, EVENT_CHANNEL, SHELL_EVENTS, type FolioBridge, type ShellEvent, type ShellEventMessage } from '../../shared/contract/bridge';

const bridge: FolioBridge = {
  call: (operation, input) => ipcRenderer.invoke(CALL_CHANNEL, String(operation), input ?? {}),
  on(event: ShellEvent, listener: (payload: unknown) => void) {
    if (!(SHELL_EVENTS as readonly string[]).includes(event)) throw new Error(`Unknown event ${String(event)}`);
    if (typeof listener !== 'function') throw new Error('The listener must be a function');
    const handler = (_e: IpcRendererEvent, message: ShellEventMessage) => {
      if (message && message.event === event) listener(message.payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('folio', bridge);
