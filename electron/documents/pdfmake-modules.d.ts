// pdfmake ships its Roboto fonts as a CommonJS module of base64 strings keyed by file name; it has no typings.
declare module 'pdfmake/build/vfs_fonts.js' {
  const vfs: Record<string, string>;
  export default vfs;
}

// fontkit (the font engine under pdfmake's pdfkit) has no typings of its own; text-measure.ts uses only this much.
declare module 'fontkit' {
  export interface FontkitFont {
    unitsPerEm: number;
    glyphForCodePoint(codePoint: number): { advanceWidth: number };
  }
  export function create(buffer: Uint8Array): FontkitFont;
}

// pdfmake's style stack (CommonJS, `exports.default` is the class); style-lookup.ts checks its shape at run time.
declare module 'pdfmake/js/StyleContextStack.js' {
  const StyleContextStack: unknown;
  export default StyleContextStack;
}
