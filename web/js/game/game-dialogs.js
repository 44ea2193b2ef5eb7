// The game loop's dialogs as the page shows them: the round summary and the game's end
// (dialogs.js draws both), with what the loop does not know of: the people's names, the
// coach's way in, the note that the game now plays offline, and who "you" are.

import { gameOverDialog, roundSummaryDialog } from "./dialogs.js";
import { takeOfflineNote } from "../ui/offline-note.js";
import { peopleOf } from "../model/people.js";
import { reducedMotion } from "../table/render.js";
import { sheetModel } from "../sheet/scoresheet.js";

/** @typedef {import("./game-loop.js").Snap} Snap */
/** @typedef {import("./game-loop.js").LoopDialogs} LoopDialogs */

/**
 * @param {(snap: Snap) => (() => Promise<unknown>) | null} reviewHook  the coach's button for a game, if any
 * @param {{ nextGame?: boolean }} [options]  `nextGame: false` on a friend's page: the host deals
 * @returns {import("./game-loop.js").LoopDialogs}
 */
export function gameDialogs(reviewHook, { nextGame = true } = {}) {
  return {
    roundSummary: ({ settled, started, snap, autoMs, onClosing }) =>
      roundSummaryDialog({ settled, started, autoMs, names: snap.names, onClosing, onReview: reviewHook(snap), offlineNote: takeOfflineNote() }),
    gameOver: ({ won, snap, events }) => {
      // "You win" only when every person at the screen plays for South's team.
      const people = peopleOf(snap.bots);
      const viewerIsHuman = people.length > 0 && people.every((seat) => seat % 2 === 0);
      return gameOverDialog({
        team: won.team,
        scores: won.scores,
        viewerIsHuman,
        rounds: sheetModel(events).rounds,
        onReview: reviewHook(snap),
        offlineNote: takeOfflineNote(),
        animate: !reducedMotion(),
        nextGame,
      });
    },
  };
}
