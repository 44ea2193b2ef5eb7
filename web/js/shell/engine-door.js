// The engine's door as the game takes it on the host's page: every failure becomes one
// readable notice and a `null` reply, never a broken page. A loss of the engine is said once
// by the page as it restarts it (bridge.js's onLost), not again by each call it failed.

import { ENGINE_LOST, EngineError } from "../../bridge.js";

/**
 * @param {import("../../bridge.js").EngineCall} call  the engine
 * @param {(key: string, vars: Record<string, unknown>) => void} notify  says a failure
 * @returns {import("../../bridge.js").EngineCall<null>}
 */
export function tellingDoor(call, notify) {
  return async (method, ...params) => {
    try {
      return await call(method, ...params);
    } catch (error) {
      if (error instanceof EngineError && error.type === ENGINE_LOST) return null;
      const message = error instanceof Error ? error.message : String(error);
      const known = error instanceof EngineError && error.type !== "InternalError";
      notify(known ? "notice.engine_error" : "notice.internal_error", { message });
      return null;
    }
  };
}
