// The host's table for a game with friends on other devices: the link (web/js/link/, loaded
// only for such a game), the guests' book, the invitations, the marks on the seats, and the
// end of the table when the host's page goes. The controller opens one per game that has
// remote seats and closes it when that game is replaced.

import { REMOTE } from "../facts.js";
import { GuestBook } from "./guests.js";
import { SeatMarks } from "./seats-view.js";

/** @typedef {import("../protocol").Snapshot} Snapshot */
/**
 * @typedef {object} HostLinkPort  the link's HostLink, as the table uses it
 * @property {(seat: number) => Promise<{url: string, code: string}>} invite
 * @property {(seat: number, text: string) => void} send
 * @property {(seat: number) => import("./guests.js").PeerState} state
 * @property {() => void} close
 */

/**
 * The remote seats of a game.
 * @param {readonly (string | null)[] | null | undefined} bots
 */
const remoteSeats = (bots) => (bots ?? []).flatMap((kind, seat) => (kind === REMOTE ? [seat] : []));

/**
 * @typedef {object} TableParts
 * @property {Snapshot} snap  the game as it starts
 * @property {HTMLElement} board
 * @property {import("../../bridge.js").EngineCall<null>} request  an engine call (null: refused, the player was told)
 * @property {() => Snapshot | null} latest
 * @property {(reason: string) => () => void} hold  hold the game (the invitations are open)
 * @property {() => void} render
 * @property {(seat: number, name: string | null) => void} named
 * @property {(refused: number[]) => void} counted  the engine's count of refused messages, by seat
 */

export class HostTable {
  /**
   * @param {TableParts} parts
   * @param {typeof import("../link/index.js")} linkModule
   * @param {typeof import("../link/invite-panel.js")} panelModule
   * @param {string | null} stun
   */
  constructor(parts, linkModule, panelModule, stun) {
    this.parts = parts;
    this.panels = panelModule;
    const seats = remoteSeats(parts.snap.bots);
    this.link = new linkModule.HostLink({
      stun,
      onState: (seat, state) => this.book.onState(seat, state),
      onMessage: (seat, text) => this.book.onMessage(seat, text),
    });
    this.book = new GuestBook({
      link: this.link,
      seats,
      request: parts.request,
      latest: parts.latest,
      now: () => performance.now(),
      changed: () => this.marks.draw(),
      named: parts.named,
      counted: parts.counted,
    });
    this.marks = new SeatMarks(parts.board, this.book, {
      standIn: (seat) => this.book.standIn(seat),
      inviteAgain: (seat) => this.invite([seat]),
    });
    this.onLeave = () => this.book.leave("host-left");
    addEventListener("pagehide", this.onLeave);
  }

  /**
   * Show the invitations for `seats` (all remote seats at the start); the game is held
   * meanwhile. The host may close them: a seat's mark offers a fresh invitation later.
   * @param {readonly number[]} seats
   */
  async invite(seats = this.book.seats) {
    const release = this.parts.hold("invite");
    // An away guest's old connection is let go: the seat waits for the fresh invitation's.
    for (const seat of seats) if (this.book.seat(seat).joined) this.link.release(seat);
    try {
      await this.panels.showInvitations(this.link, seats, this.parts.latest()?.names ?? []);
    } catch {
      // closed by the host: the seats wait for their guests, each with its own mark
    } finally {
      release();
      this.marks.draw();
    }
  }

  /** The game ended: the guests get the record for their coach. */
  async finished() {
    const record = await this.parts.request("record", {});
    await this.book.end("game-over", record ?? undefined);
  }

  /** This game's table is replaced (a new game): the guests are told the host left it. */
  close() {
    removeEventListener("pagehide", this.onLeave);
    this.book.leave("host-left");
    this.marks.remove();
    this.link.close();
  }
}

/**
 * The table for `parts.snap`'s game, with the link loaded; null when it has no remote seat.
 * @param {TableParts} parts
 */
export async function openTable(parts) {
  if (!remoteSeats(parts.snap.bots).length) return null;
  // Loaded only for a game with friends: not part of a first visit.
  const [linkModule, panelModule, settings] = await Promise.all([import("../link/index.js"), import("../link/invite-panel.js"), import("../ui/settings.js")]);
  return new HostTable(parts, linkModule, panelModule, settings.stunServer());
}

/**
 * The friends' table for `parts.snap`'s game: `current` when its remote seats are those of
 * the game before (Play again keeps the friends connected; the seats start over), else
 * `current` closed and a new one (null without remote seats).
 * @param {HostTable | null} current
 * @param {TableParts} parts
 */
export async function nextTable(current, parts) {
  if (current && String(current.book.seats) === String(remoteSeats(parts.snap.bots))) {
    current.book.restart();
    return current;
  }
  current?.close();
  return openTable(parts);
}
