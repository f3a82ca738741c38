// The router's basename comes from <base href>, which the server sets to the configured BASE_PATH
// at run time (spec §2, §9); the build knows nothing about it. The trailing slash is kept on purpose:
// with basename "/ip" react-router writes the home page as "/ip", which the server only redirects to
// "/ip/"; with "/ip/" home is "/ip/" and every other route is unchanged ("/ip/404").
export function routerBasename(baseUri: string = document.baseURI): string {
  return new URL(baseUri).pathname;
}
