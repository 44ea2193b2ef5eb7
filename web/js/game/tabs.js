// One game, one writer. The site's tabs share one saved game (localStorage); the tab that
// last started or resumed a game owns it and is the only one that writes it. A tab that
// finds another one playing (the `storage` event, or a check when it is shown again or
// before it writes) stops: its bots are held, its controls go, it never overwrites the
// newer save, and a notice offers to continue the game here.

import { t } from "../util/i18n.js";
import { OWNER_KEY, SAVE_KEY, mayWriteSave, newTabId, readRaw } from "../util/storage.js";

/**
 * What the page does for the tab claim.
 * @typedef {object} TabHost
 * @property {() => boolean} playing is a game on this page (nothing to guard before the first one)?
 * @property {() => () => void} hold hold the bots; returns the function that lets them go on
 * @property {(key: string, vars: import("../util/i18n.js").Vars, kind: "error" | "warning" | "info") => HTMLElement} notify
 *   show a notice; returns its element
 * @property {() => void} changed this tab has just gone stale: draw it without its controls
 * @property {() => void} takeOver the notice's button: continue the other tab's game here
 */

export class TabClaim {
  /**
   * @param {TabHost} host
   * @param {HTMLElement} root
   */
  constructor(host, root) {
    this.host = host;
    this.root = root;
    this.id = newTabId();
    /** @type {{ release: () => void, notice: HTMLElement } | null} */
    this.stale = null; // while another tab plays the game
  }

  /** Another tab plays the game now. */
  get elsewhere() {
    return this.stale !== null;
  }

  /** This tab plays the saved game from now on (other tabs hear it through `storage`). */
  claim() {
    try {
      localStorage.setItem(OWNER_KEY, this.id);
    } catch {
      // storage disabled: nothing is shared, nothing to claim
    }
  }

  /** Whether this tab may write the save now; finding another owner makes it stale. */
  mayWrite() {
    if (this.stale) return false;
    if (mayWriteSave(readRaw(OWNER_KEY), this.id)) return true;
    this.goneElsewhere();
    return false;
  }

  /** Listen for another tab taking the game (from now on, for the page's life). */
  watch() {
    addEventListener("storage", (event) => {
      if (event.storageArea !== localStorage || !this.host.playing()) return;
      const claimed = event.key === OWNER_KEY && event.newValue != null && event.newValue !== this.id;
      const written = event.key === SAVE_KEY && !mayWriteSave(readRaw(OWNER_KEY), this.id);
      if (claimed || written) this.goneElsewhere();
    });
    const check = () => {
      if (this.host.playing() && !this.stale) this.mayWrite();
    };
    addEventListener("pageshow", check); // back from the back-forward cache
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
  }

  /** Stop: hold the bots, say so, and offer to continue here (the notice stays in view). */
  goneElsewhere() {
    if (this.stale) return;
    const release = this.host.hold();
    const notice = this.host.notify("notice.elsewhere", {}, "warning");
    notice.dataset.elsewhere = "";
    notice.querySelector("[data-action='dismiss']")?.remove(); // the way back stays in view
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button notice__action";
    button.dataset.action = "take-over";
    button.dataset.i18n = "notice.take_over";
    button.textContent = t("notice.take_over");
    button.addEventListener("click", () => this.host.takeOver());
    notice.append(button);
    this.stale = { release, notice };
    this.root.dataset.elsewhere = "";
    this.host.changed();
  }

  /** Stop being the stale tab (before this tab starts or resumes a game itself). */
  comeBack() {
    if (!this.stale) return;
    const { release, notice } = this.stale;
    this.stale = null;
    delete this.root.dataset.elsewhere;
    notice.remove();
    release();
  }
}
