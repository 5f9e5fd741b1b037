// pdfmake ships its Roboto fonts as a CommonJS module of base64 strings keyed by file name; it has no typings.
declare module 'pdfmake/build/vfs_fonts.js' {
  const vfs: Record<string, string>;
  export default vfs;
}
