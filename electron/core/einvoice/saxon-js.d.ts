// The few SaxonJS 2 calls Folio makes (the package ships no types).
declare module 'saxon-js' {
  interface TransformResult {
    principalResult: unknown;
  }
  interface SaxonJS {
    transform(options: Record<string, unknown>, mode: 'sync'): TransformResult;
    XPath: {
      evaluate(xpath: string, context: unknown, options?: Record<string, unknown>): unknown;
    };
  }
  const saxon: SaxonJS;
  export default saxon;
}
