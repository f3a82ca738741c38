// Where to go after sign-in: only a path of this app (spec §2), never another site. The redirect query
// comes from the address bar, so anything absolute, protocol-relative or odd is ignored.
export const LOGIN_PATH = '/login';
export const CHANGE_PASSWORD_PATH = '/change-password';

const PROBE_ORIGIN = 'http://ipdesk.invalid';

/** The app-relative path in `raw`, or undefined when it is not one (or points back at sign-in). */
export function safeRedirectPath(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, coming back to `from` afterwards. */
export function loginPathFor(from?: string): string {
  const target = safeRedirectPath(from);
  return target && target !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}` : LOGIN_PATH;
}

/** The password change page; forced after sign-in or on 403101, continuing to `next` afterwards. */
export function changePasswordPathFor(options: { forced: boolean; next?: string | undefined }): string {
  const query = new URLSearchParams();
  if (options.forced) query.set('forced', '1');
  const next = safeRedirectPath(options.next);
  if (next && next !== '/' && !next.startsWith(CHANGE_PASSWORD_PATH)) query.set('redirect', next);
  const search = query.toString();
  return search ? `${CHANGE_PASSWORD_PATH}?${search}` : CHANGE_PASSWORD_PATH;
}
