// Web permission requests (camera, microphone, geolocation, notifications, MIDI, HID, …) are all refused: an
// invoicing app needs none. The one exception is writing plain text to the clipboard from the app's own page,
// which "copy share link" uses.
import { isAppUrl } from './origins';

const ALLOWED = new Set(['clipboard-sanitized-write']);

export function permissionDecision(permission: string, requestingUrl: string, origins: readonly string[]): boolean {
  return ALLOWED.has(permission) && isAppUrl(requestingUrl, origins);
}
