// Which list a location opens, read before the router exists (main.tsx starts that list's data early).

/** The model of a list route (`model/:model` under the app's base path), else undefined. */
export function listRouteModel(pathname: string, basename: string): string | undefined {
  if (!pathname.startsWith(basename)) return undefined;
  const match = /^\/?model\/([^/]+)\/?$/.exec(pathname.slice(basename.length));
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined; // a malformed escape: not a list the app could open either
  }
}
