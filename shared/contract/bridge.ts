// What the preload script exposes to the renderer as `window.folio`, and the names both sides agree on. Pure types
// and constants (no 'electron' import): the main process, the preload bundle and the renderer all read this file,
// which is why it lives in shared/ and not beside the preload.
import type { ErrorEnvelope } from '../errors';

/** The one IPC channel the renderer may invoke; every operation goes through it by name. */
export const CALL_CHANNEL = 'folio:call';
/** Main → renderer notifications (menu commands), each `{ event, payload }`. */
export const EVENT_CHANNEL = 'folio:event';

/** Events the renderer may listen to; the preload refuses any other name. */
export const SHELL_EVENTS = [
  'menu:new-invoice',
  'menu:new-client',
  'menu:save',
  'menu:search',
  'menu:navigate',
] as const;
export type ShellEvent = (typeof SHELL_EVENTS)[number];

export interface ShellEventMessage {
  event: ShellEvent;
  payload?: unknown;
}

export type CallReply = { success: true; data: unknown } | ErrorEnvelope;

export interface FolioBridge {
  /** Runs an operation of the contract (or a desktop-only `shell.*` operation); never rejects with an error object. */
  call(operation: string, input?: unknown): Promise<CallReply>;
  /** Listens to a shell event; returns the function that stops listening. */
  on(event: ShellEvent, listener: (payload: unknown) => void): () => void;
}

/** Desktop-only operations answered by the shell itself, beside the contract's. */
export interface ShellInfo {
  version: string;
  dataDir: string;
  dbFile: string;
  /** today in the business's time zone, from the core's clock */
  today: string;
  platform: string;
}

export interface ShellOperations {
  'shell.info': { input: Record<string, never>; output: ShellInfo };
  'shell.openDataFolder': { input: Record<string, never>; output: { opened: boolean } };
  /** the UI's language, so the native menu speaks it too */
  'shell.setLanguage': { input: { lang: 'hu' | 'en' | 'de' }; output: { lang: 'hu' | 'en' | 'de' } };
}
export type ShellOperationName = keyof ShellOperations;
export const SHELL_OPERATIONS: readonly ShellOperationName[] = ['shell.info', 'shell.openDataFolder', 'shell.setLanguage'];
