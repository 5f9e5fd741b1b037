// The end of a CLI command that writes one file per invoice into a folder: it counts what is really there, since two
// invoices whose file names met (a file system that ignores letter case) would leave one file for two, and an
// export must never be one invoice short without a word. Answers the command's exit code.
import { readdirSync } from 'node:fs';

export function reportWrittenFiles(
  dir: string,
  names: Set<string>,
  counts: { selected: number; failed: number },
  words: { files: string; failed: string; onDisk: string },
): number {
  const onDisk = new Set(readdirSync(dir));
  const written = [...names].filter((n) => onDisk.has(n)).length;
  console.log(`wrote ${written} ${words.files} to ${dir}${counts.failed ? `; ${counts.failed} ${words.failed} (see above)` : ''}`);
  if (written + counts.failed !== counts.selected) {
    console.error(
      `folio: ${counts.selected} invoices were selected but only ${written} ${words.onDisk} are in ${dir}${counts.failed ? ` (${counts.failed} failed)` : ''}: file names collided; the export is incomplete`,
    );
    return 1;
  }
  return counts.failed ? 1 : 0;
}
