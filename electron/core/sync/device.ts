// The device a sync request comes from: the remote's operations act for a device, never for its own users.
import { rule } from '../../../shared/errors';
import { currentOrigin } from '../changes';

export function deviceOrigin(): string {
  const device = currentOrigin();
  if (device === 'local') throw rule('This request must name its device (X-Folio-Device header)');
  return device;
}
