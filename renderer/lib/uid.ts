// Unique element ids for label/input pairs and ARIA references.
let n = 0;
export function uid(prefix = 'f'): string {
  n += 1;
  return `${prefix}-${n}`;
}
