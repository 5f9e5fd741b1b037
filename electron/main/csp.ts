// The Content Security Policy of the app's pages. Scripts and styles come only from the app's own files (no inline
// code, no eval); data reaches the UI only over IPC or, in browser mode, its own origin; the PDF preview is a blob:
// frame. The same policy is sent as a header by the app:// protocol and written as a <meta> in index.html.
export const CSP_DIRECTIVES: Readonly<Record<string, string>> = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'frame-src': 'blob:',
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

export function contentSecurityPolicy(directives: Readonly<Record<string, string>> = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}
