import { buildMillion } from './build';
import { rmSync } from 'node:fs';
const f = '/tmp/mil/b.db'; for (const x of [f, f + '-wal', f + '-shm']) rmSync(x, { force: true });
console.log(await buildMillion(f, Number(process.argv[2] ?? 2000), console.log));
