// Speed (issue 41): pdfmake asks its style stack for some twenty properties of every word it measures (font, bold,
// size, colour, decoration, link, sup, sub…), ~5,000 questions for a one-page invoice, and each question pushed the
// word and its style names onto the stack, made a closure and, for every named style met on the way down, a new Set
// against `extends` cycles, then popped them again: about an eighth of a warm invoice's CPU, much of it garbage.
//
// StyleContextStack's two look-ups are replaced by ones that walk the same entries in the same order without
// pushing, allocating or making closures: first the item's own property, then (as autopush would stack them) the
// item's style names from the last to the first, then the stack from the top, then the default style; a named style
// is looked up with its `extends` parents from the last to the first, skipping a style already seen on that path.
// The answers are the same: before installing, both versions answer the same questions on sample stacks (named
// styles, `extends` chains and a cycle, String objects, null values, section nodes, a default style) and the fast one
// is only used if every answer agrees, so a pdfmake update that changed the rules keeps pdfmake's own (slower, never
// different). tests/documents/offline.spec.ts compares whole PDFs with and without the caches.
import * as styleModule from 'pdfmake/js/StyleContextStack.js';

type Style = Record<string, unknown> & { extends?: string | string[] };
interface Stack {
  styleDictionary: Record<string, Style | undefined> | undefined;
  defaultStyle: Record<string, unknown> | undefined;
  styleOverrides: unknown[];
}
type GetProperty = (this: Stack, property: string) => unknown;
type GetStyleProperty = (item: unknown, stack: Stack | null | undefined, property: string, defaultValue: unknown) => unknown;
interface StackClass {
  new (styleDictionary: unknown, defaultStyle?: unknown): Stack & { push(entry: unknown): void };
  getStyleProperty: GetStyleProperty;
  prototype: { getProperty: GetProperty };
}

let installed: boolean | null = null;

/** Installs the fast look-ups on pdfmake's StyleContextStack once; whether they are in use. */
export function installStyleLookup(): boolean {
  if (installed !== null) return installed;
  installed = false;
  try {
    // A CommonJS module with `exports.default`: bundlers hand over the class, Node's own loader the exports object.
    const exported = (styleModule as { default?: unknown }).default;
    const candidate = typeof exported === 'function' ? exported : (exported as { default?: unknown } | undefined)?.default;
    if (typeof candidate !== 'function') return false;
    const Stack = candidate as StackClass;
    if (typeof Stack.getStyleProperty !== 'function' || typeof Stack.prototype?.getProperty !== 'function') return false;
    if (!sameAnswers(Stack)) return false;
    Stack.prototype.getProperty = function (this: Stack, property: string) {
      return fromStack(this, property);
    };
    Stack.getStyleProperty = fastStyleProperty;
    installed = true;
  } catch {
    installed = false;
  }
  return installed;
}

const isValue = (v: unknown): boolean => v !== undefined && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string' || v instanceof String;

function fastStyleProperty(item: unknown, stack: Stack | null | undefined, property: string, defaultValue: unknown): unknown {
  const own = (item as Record<string, unknown>)[property];
  if (isValue(own)) return own;
  if (!stack) return defaultValue;
  let value: unknown;
  // What autopush(item) would have put on top of the stack: nothing for a string or a section, else the item's
  // style names and the item itself (whose own property is already known not to be set).
  const node = item as { style?: unknown; section?: unknown };
  if (!isString(item) && node.section === undefined && node.style) {
    const names = Array.isArray(node.style) ? (node.style as unknown[]) : [node.style];
    for (let i = names.length - 1; i >= 0; i--) {
      value = fromEntry(stack, names[i], property);
      if (isValue(value)) return value;
    }
  }
  value = fromStack(stack, property);
  return isValue(value) ? value : defaultValue;
}

function fromStack(stack: Stack, property: string): unknown {
  const overrides = stack.styleOverrides;
  if (overrides) {
    for (let i = overrides.length - 1; i >= 0; i--) {
      const value = fromEntry(stack, overrides[i], property);
      if (isValue(value)) return value;
    }
  }
  return stack.defaultStyle && stack.defaultStyle[property];
}

/** One entry of the stack: a style name (looked up) or an object of overrides. */
function fromEntry(stack: Stack, entry: unknown, property: string): unknown {
  if (isString(entry)) return fromNamedStyle(stack.styleDictionary, entry, property, null);
  return (entry as Record<string, unknown>)[property];
}

function fromNamedStyle(dictionary: Stack['styleDictionary'], name: string, property: string, visited: Set<unknown> | null): unknown {
  if (visited?.has(name)) return undefined;
  const style = dictionary?.[name as unknown as string];
  if (!style) return undefined;
  const value = style[property];
  if (isValue(value)) return value;
  if (!style.extends) return undefined;
  // Only a style with parents needs the path's names (pdfmake keeps them against cycles).
  const seen = visited ?? new Set<unknown>();
  seen.add(name);
  const parents = Array.isArray(style.extends) ? style.extends : [style.extends];
  for (let i = parents.length - 1; i >= 0; i--) {
    const found = fromNamedStyle(dictionary, parents[i]!, property, seen);
    if (isValue(found)) return found;
  }
  return undefined;
}

/** Both versions asked the same questions about sample stacks: every answer must agree. */
function sameAnswers(Stack: StackClass): boolean {
  const dictionary = {
    title: { fontSize: 22, bold: true, color: '#123' },
    caption: { fontSize: 7, extends: 'small' },
    small: { fontSize: 7.5, color: 'grey', italics: false, extends: ['base', 'title'] },
    base: { lineHeight: 1.3, decoration: null, font: 'Roboto' },
    loopA: { extends: 'loopB' },
    loopB: { extends: ['loopA', 'base'], opacity: 0.5 },
    empty: {},
  };
  const entries: unknown[] = [
    'title',
    { fontSize: 10, color: null },
    'caption',
    new String('small'),
    'unknown',
    { alignment: 'right', bold: false, style: 'title' },
    'loopA',
    'empty',
  ];
  const items: unknown[] = [
    {},
    { style: 'caption' },
    { style: ['small', 'title'], color: 'red' },
    { style: ['loopB', 'nope'] },
    { style: new String('base') },
    { section: 'x', style: 'title' },
    { text: 'a', fontSize: 0, bold: null },
    'plain text',
    { style: '' },
  ];
  const properties = ['fontSize', 'bold', 'color', 'italics', 'lineHeight', 'decoration', 'font', 'opacity', 'alignment', 'style', 'noWrap', 'extends', 'text'];
  for (const defaultStyle of [undefined, {}, { fontSize: 9, font: 'Roboto', color: 'ink', opacity: null }]) {
    for (let depth = 0; depth <= entries.length; depth++) {
      const stack = new Stack(dictionary, defaultStyle);
      for (const entry of entries.slice(0, depth)) stack.push(entry);
      for (const property of properties) {
        if (!Object.is(Stack.prototype.getProperty.call(stack, property), fromStack(stack, property))) return false;
        for (const item of items) {
          for (const fallback of [undefined, 'fallback']) {
            const theirs = Stack.getStyleProperty(item, stack, property, fallback);
            if (!Object.is(theirs, fastStyleProperty(item, stack, property, fallback))) return false;
            if (stack.styleOverrides.length !== depth) return false;
          }
        }
      }
    }
  }
  return true;
}
