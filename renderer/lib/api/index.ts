// Picks the transport: IPC when the desktop shell's preload exposed `window.folio`, HTTP otherwise.
import type { FolioBridge } from '../../../shared/contract/bridge';
import { Api } from './client';
import { HttpTransport, type HttpTransportOptions } from './http-transport';
import { IpcTransport } from './ipc-transport';

declare global {
  interface Window {
    folio?: FolioBridge;
  }
}

export function desktopBridge(): FolioBridge | undefined {
  return typeof window !== 'undefined' ? window.folio : undefined;
}

export function createApi(http: HttpTransportOptions): Api {
  const bridge = desktopBridge();
  return new Api(bridge ? new IpcTransport(bridge) : new HttpTransport(http));
}

export { Api } from './client';
export { ApiError, asApiError } from './errors';
export { HttpTransport } from './http-transport';
