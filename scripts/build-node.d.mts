// Types of build-node.mjs, for the TypeScript that calls it (the tests' global setup, the bench).
export const NODE_DIST: string;
export function buildNode(): Promise<void>;
export function nodeBuildIsFresh(): boolean;
export function ensureNodeBuilt(): Promise<void>;
