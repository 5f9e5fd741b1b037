// `npm run serve` / `npm run folio`: runs the bundle in dist/node/, building it first when it is missing or older
// than its sources (scripts/build-node.mjs), so a checkout always runs what its sources say.
// Usage: node scripts/launch.mjs <serve|folio> [arguments…]
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildNode, nodeBuildIsFresh, NODE_DIST } from './build-node.mjs';

const [name] = process.argv.splice(2, 1);
if (name !== 'serve' && name !== 'folio') {
  console.error('Usage: node scripts/launch.mjs <serve|folio> [arguments…]');
  process.exit(2);
}
if (!nodeBuildIsFresh()) {
  // on stderr, so a command's output (`folio export` to stdout) stays clean
  console.error('folio: building dist/node/ from the sources (once after every change)…');
  await buildNode();
}
await import(pathToFileURL(join(NODE_DIST, `${name}.mjs`)).href);
