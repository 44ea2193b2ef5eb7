// A reply link opened on the host's own phone (tapped in a chat app, it opens a new tab)
// reaches the game already open in another tab of the same browser through a
// BroadcastChannel: the game takes the code as if pasted, and the new tab says where it went.

const CHANNEL = "seven-rocks-link";
/** How long the reply's tab waits for an open game to take it. */
const RELAY_MS = 2000;

/** @typedef {{type: "reply", id: string, text: string}} ReplyMessage */
/** @typedef {{type: "taken", id: string, seat: number} | {type: "refused", id: string, key: string, message: string}} AnswerMessage */
/** @typedef {{taken: number} | {refused: {key: string, message: string}} | {nobody: true}} RelayOutcome */

/** Offer the reply `text` to the games open in this browser: the seat one of them took it
 * for, else the first refusal (a reply for another game, or an old invitation), else
 * nobody (no game open here, or BroadcastChannel missing).
 * @param {string} text
 * @returns {Promise<RelayOutcome>}
 */
export function relayReply(text) {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve({ nobody: true });
  const channel = new BroadcastChannel(CHANNEL);
  const id = crypto.randomUUID();
  return new Promise((resolve) => {
    /** @type {{key: string, message: string} | null} */
    let refused = null;
    /** @param {RelayOutcome} outcome */
    const finish = (outcome) => {
      clearTimeout(timer);
      channel.close();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish(refused ? { refused } : { nobody: true }), RELAY_MS);
    channel.onmessage = (event) => {
      const answer = /** @type {AnswerMessage} */ (event.data);
      if (answer?.id !== id) return;
      if (answer.type === "taken") finish({ taken: answer.seat });
      else if (answer.type === "refused") refused ??= { key: answer.key, message: answer.message };
    };
    channel.postMessage(/** @type {ReplyMessage} */ ({ type: "reply", id, text }));
  });
}

/** Take replies relayed from other tabs with `accept` (a seat, or a rejection whose `key`
 * and `message` go back to the tab); `taken(seat)` after each. Returns the stop function.
 * @param {(text: string) => Promise<number>} accept
 * @param {(seat: number) => void} taken
 */
export function takeRelayedReplies(accept, taken) {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = async (event) => {
    const message = /** @type {ReplyMessage} */ (event.data);
    if (message?.type !== "reply" || typeof message.text !== "string") return;
    try {
      const seat = await accept(message.text);
      channel.postMessage(/** @type {AnswerMessage} */ ({ type: "taken", id: message.id, seat }));
      taken(seat);
    } catch (error) {
      const { key = "link.error.corrupt", message: text = String(error) } = /** @type {{key?: string, message?: string}} */ (error ?? {});
      channel.postMessage(/** @type {AnswerMessage} */ ({ type: "refused", id: message.id, key, message: text }));
    }
  };
  return () => channel.close();
}
