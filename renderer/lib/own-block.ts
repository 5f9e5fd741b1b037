// Once this computer has joined a remote, block 0 belongs to the remote and the core refuses to number there; new
// invoices go to the block the remote gave this computer (docs/sync.md). Without sync, or before joining, there is
// no own block and block 0 stays the default. Any failure (no sync in this runtime) means the same.
import type { Api } from './api';

export async function ownBlockUid(api: Api): Promise<number | null> {
  try {
    const s = await api.call('sync.status', {});
    return s.joined ? s.own_block_uid : null;
  } catch {
    return null;
  }
}
