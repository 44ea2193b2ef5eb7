// Where the codes travel: the game's own address with the code in its fragment
// (`#join=...` for an invitation, `#reply=...` for a reply). A fragment is never sent to the
// server, so the site that serves the page never sees a code.

/** @typedef {"join" | "reply"} LinkRoute */

/** The game's address without query or fragment: what an invitation opens.
 * @param {Location | URL} location
 */
function gameAddress(location) {
  return `${location.origin}${location.pathname}`;
}

/** The address that carries `code` as `route`.
 * @param {Location | URL} location
 * @param {LinkRoute} route
 * @param {string} code
 */
export function linkAddress(location, route, code) {
  return `${gameAddress(location)}#${route}=${code}`;
}

/** The route and code of an address's fragment (`#join=CODE`), or null.
 * @param {string} hash
 * @returns {{route: LinkRoute, code: string} | null}
 */
export function linkRoute(hash) {
  const found = /^#(join|reply)=([A-Za-z0-9_-]+)$/.exec(hash);
  return found ? { route: /** @type {LinkRoute} */ (found[1]), code: found[2] } : null;
}

/** The code in what a person pasted: a bare code, or a link with the code in its fragment.
 * @param {string} text
 */
export function codeIn(text) {
  const compact = String(text).replace(/\s+/g, "");
  const found = /#(?:join|reply)=([^&#]*)/.exec(compact);
  return found ? found[1] : compact;
}
