// The door's half of device identity (docs/sync.md "Device identity"): a request that names a device
// (X-Folio-Device) goes on only with that device's token (X-Folio-Device-Token), checked by the core; the one
// exception, a device's first POST /sync/join, is the core's to judge. Runs after the API key was accepted.
import type { FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../../shared/errors';
import { deviceRequestProblem } from '../core/sync/device';
import type { Db } from '../db/types';

const JOIN_PATH = /^\/sync\/join\/?$/;

/** The 401 envelope for a request naming a device it cannot prove to be, or null when it may go on. */
export async function deviceAuthFailure(req: FastifyRequest, db: Db): Promise<ErrorEnvelope | null> {
  const deviceId = req.headers['x-folio-device'];
  // no device named: an ordinary client of the interface; a malformed name is refused as a bad request later
  if (typeof deviceId !== 'string' || deviceId === '') return null;
  const token = req.headers['x-folio-device-token'];
  const joining = req.method === 'POST' && JOIN_PATH.test(req.url.split('?')[0]!);
  const problem = await deviceRequestProblem(db, { deviceId, token: typeof token === 'string' ? token : undefined, joining });
  if (!problem) return null;
  return { success: false, error: problem, code: 'unauthorized', errors: [{ field: 'X-Folio-Device-Token', message: 'is missing or wrong for this device' }] };
}
