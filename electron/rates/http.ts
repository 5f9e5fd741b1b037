// One HTTP exchange with a deadline. A rate source that hangs must not hold an invoice for long: past the timeout the
// provider falls back to the cache, exactly as when the machine is offline.
export type FetchLike = typeof fetch;

export class SourceError extends Error {}

export async function fetchText(fetchImpl: FetchLike, url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: string }> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const reason = e instanceof Error && e.name === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : describe(e);
    throw new SourceError(`${hostOf(url)} could not be reached (${reason})`);
  }
  return { status: res.status, body: await res.text() };
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  // undici hides the socket error (ECONNREFUSED, ENOTFOUND …) in `cause`
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? e.message;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
