// Reading NAV's answers as fast-xml-parser gives them: an element is an object, its text a string or `#text` beside
// its attributes, and a repeated element an array only when it repeats. Shared by the invoice reporting answers
// (api.ts) and the inbound queries' answers (query-api.ts).

export type Node = Record<string, unknown>;

/** An element's text, whether it came as a plain value or as `#text` beside attributes. */
export function str(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return str((value as Node)['#text']);
  return String(value);
}

/** An element as an object; an absent or text-only one as an empty object. */
export function node(value: unknown): Node {
  return value && typeof value === 'object' ? (value as Node) : {};
}

/** An element that may repeat, always as a list. */
export function list(value: unknown): Node[] {
  return Array.isArray(value) ? value.map(node) : value ? [node(value)] : [];
}
