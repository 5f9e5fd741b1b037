// Applies the security checklist to every web contents the app creates: no navigation away from the app, no new
// windows (allow-listed https links go to the system browser), no <webview>, and every permission request denied.
import { shell, type Session, type WebContents } from 'electron';
import { navigationDecision, windowOpenDecision } from './navigation';
import { permissionDecision } from './permissions';

export function hardenContents(contents: WebContents, origins: readonly string[]): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (navigationDecision(url, origins) === 'deny') event.preventDefault();
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-frame-navigate', (event) => {
    // Sub-frames may show the PDF preview (a blob: URL of our own page); the main frame never leaves the app.
    if (event.isMainFrame) guard(event, event.url);
  });
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url);
    if (decision.openExternal) void shell.openExternal(decision.openExternal);
    return { action: 'deny' };
  });
}

export function hardenSession(session: Session, origins: readonly string[]): void {
  session.setPermissionRequestHandler((contents, permission, callback) => {
    callback(permissionDecision(permission, contents.getURL(), origins));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionDecision(permission, requestingOrigin, origins),
  );
}
