// Which page an address opens: the game, or one of the link's pages. An invitation
// (`#join=...`) opens the guest's page, a reply link (`#reply=...`) the tab that hands the
// reply to the open game. Only this module is part of the first visit's page; the pages it
// starts are fetched when such an address is opened.

import { linkRoute } from "../link/urls.js";

/** Start the link's page when `location` is one of its addresses: whether it did (the game's
 * own page must then not start).
 * @param {Location} location
 */
export function startLinkPage(location) {
  const found = linkRoute(location.hash);
  if (!found) {
    installLinkHook();
    return false;
  }
  document.body.dataset.linkPage = found.route;
  import("../guest/link-page.js").then((page) => page.startLinkPage(found.route, found.code));
  // A fresh invitation opened in the same tab changes only the fragment: start afresh.
  addEventListener("hashchange", () => location.reload());
  return true;
}

/** A hook for tests and benchmarks, as `window.sevenRocks` is: `sevenRocksLink.invite(seats)`
 * opens the invitations for `seats` on this page (resolving when all are connected),
 * `body[data-link-seat-N]` follows seat N's state, and `send(seat, text)` and `received`
 * (counted in `body[data-link-received]`; `next()` waits for one) carry texts over the
 * link; `times` holds when each state came, for the benchmarks. */
function installLinkHook() {
  /** @type {import("../link/index.js").HostLink | null} */
  let host = null;
  /** @type {{seat: number, text: string}[]} */
  const received = [];
  /** @type {{seat: number, state: string, at: number}[]} when each state came (epoch ms) */
  const times = [];
  /** @type {((message: {seat: number, text: string}) => void)[]} */
  let waiting = [];
  const hook = {
    /** @param {number[]} seats @param {string[]} [names] */
    async invite(seats, names = []) {
      const [{ HostLink }, { showInvitations }, { stunServer }] = await Promise.all([
        import("../link/index.js"),
        import("../link/invite-panel.js"),
        import("../ui/settings.js"),
      ]);
      host ??= new HostLink({
        stun: stunServer(),
        onState: (seat, state) => {
          times.push({ seat, state, at: performance.timeOrigin + performance.now() });
          document.body.setAttribute(`data-link-seat-${seat}`, state);
        },
        onMessage: (seat, text) => {
          received.push({ seat, text });
          document.body.dataset.linkReceived = String(received.length);
          const [first, ...rest] = waiting;
          waiting = rest;
          first?.({ seat, text });
        },
      });
      return showInvitations(host, seats, names);
    },
    /** @param {number} seat @param {string} text */
    send: (seat, text) => host?.send(seat, text) ?? false,
    received,
    times,
    /** The next text received. @returns {Promise<{seat: number, text: string}>} */
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => host?.close(),
  };
  Object.assign(window, { sevenRocksLink: hook });
}
