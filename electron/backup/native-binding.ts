// better-sqlite3's native module built for Electron's ABI: the desktop names it once at start (useNativeBinding),
// and every extra connection the backup, restore and export code opens on a file takes it too. Under Node (the
// server, the CLI, the tests) there is none and better-sqlite3 loads its own build.
let binding: string | undefined;

export function useNativeBinding(path: string | undefined): void {
  binding = path;
}

/** better-sqlite3's options with the native module added when there is one. */
export function withBinding<T extends object>(options: T): T & { nativeBinding?: string } {
  return binding ? { ...options, nativeBinding: binding } : options;
}
