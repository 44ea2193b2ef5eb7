// Seven Rocks service worker: the whole game, Python runtime included, works offline after
// one visit, and a new build replaces an old one all at once or not at all.
//
// The build (seven_rocks/site/build.py) rewrites the `const BUILD = ...;` line below with the
// SHA-256 of every file of the site and a version derived from all of them; since the
// browser compares this script byte for byte, any change to any file is a new service worker.
//
// * install: every file goes into a cache named after the build's version. Bytes are
//   checked against the build's digests, so a half-uploaded or mixed site never gets cached
//   (install fails and the browser retries later). Files whose digest did not change are
//   taken from the previous version's cache instead of the network. The files the build
//   lists as optional (the Python snapshot) are kept only if they fit and check out; those
//   it lists under `inflate` are shipped gzip-compressed and kept inflated.
// * waiting: the new worker does not take over by itself. The page (js/shell/update.js) offers
//   "new version, reload"; only when the player accepts is it told to skip waiting, and the
//   page reloads once it has taken control. Otherwise it takes over on the next fresh load.
// * activate: caches of older versions (for this scope only) are deleted.
// * fetch: the site's own files come from the cache of the worker's own version, never
//   from another version's cache; anything else goes to the network untouched.
//
// Its light form (`sw.js?files=page`, registered by a guest's page: js/link/light.js) keeps
// only the page's files (the build's `page` list), not the engine: a guest plays from the
// host's snapshots. It lets the engine's files through to the network. When the person asks
// for the engine, the page registers the whole worker; finding the light cache of its own
// build, it takes over at once (the page's files are the same bytes), and it reuses them.

/**
 * What the build fills in: its version, every file's SHA-256 by site path, the files kept
 * only if they fit, those shipped gzip-compressed, and those of the page (the light form's).
 * @type {{ version: string, files: Record<string, string>, optional: string[], inflate: string[], page: string[] }}
 */
const BUILD = { version: "dev", files: {}, optional: [], inflate: [], page: [] };

/** This script's global scope, as the service worker it is. */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const BASE = new URL("./", self.location.href).href;
// Several builds may live on one origin under different paths: each owns its caches only.
const PREFIX = `seven-rocks ${new URL(BASE).pathname} `;
/** The light form: a guest's page, without the engine (its query, see js/link/light.js). */
const LIGHT = new URL(self.location.href).searchParams.get("files") === "page";
/** The light form's cache is named apart: the whole worker of the same build knows it by
 *  its name, and it is deleted with the other caches once the whole one takes over. */
const PAGE_CACHE = PREFIX + BUILD.version + " page";
const CACHE = LIGHT ? PAGE_CACHE : PREFIX + BUILD.version;

/** @param {ArrayBuffer} buffer */
const hex = (buffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** Kept on an inflated copy: the digest of the compressed bytes the build shipped. */
const SHIPPED_DIGEST = "X-Seven-Rocks-Shipped-Digest";

/** @param {Response} response */
async function digestOf(response) {
  return hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
}

/** The digest of what the build shipped for a copy in one of our caches: an inflated copy
 *  says it in its header (only this worker writes that header; network responses are always
 *  hashed), any other copy is hashed.
 * @param {Response} cached
 */
async function shippedDigestOf(cached) {
  return cached.headers.get(SHIPPED_DIGEST) ?? (await digestOf(cached));
}

/** The inflated copy of a file the build shipped gzip-compressed (the Python snapshot:
 *  static hosts seldom compress it, so it travels compressed and is inflated once, here).
 *  Inflated in full now, so a broken file fails the install, not a later boot.
 * @param {Response} response
 * @param {string} digest
 */
async function inflated(response, digest) {
  if (!response.body) throw new Error(`${response.url}: no body to inflate`);
  const bytes = await new Response(
    response.body.pipeThrough(new DecompressionStream("gzip")),
  ).arrayBuffer();
  return new Response(bytes, {
    headers: { "Content-Type": "application/octet-stream", [SHIPPED_DIGEST]: digest },
  });
}

/**
 * A stored copy of `path` with the right bytes: reused from an older cache or fetched.
 * @param {string} path
 * @param {string} digest
 */
async function fetchVerified(path, digest) {
  const url = new URL(path, BASE).href;
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await (await caches.open(name)).match(url);
    if (old && (await shippedDigestOf(old)) === digest) return old;
  }
  // `no-cache`: revalidate with the server (a cheap 304 when the page just loaded the file).
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const actual = await digestOf(response);
  if (actual !== digest) throw new Error(`${path} changed while installing (${actual})`);
  return response;
}

async function precache() {
  // The unfilled template (web/sw.js served as is, or caught mid-build) lists no files:
  // installing it would take over with an empty cache, so it must not install at all.
  if (!Object.keys(BUILD.files).length) throw new Error("this service worker was not built");
  const cache = await caches.open(CACHE);
  const inflate = new Set(BUILD.inflate);
  /** @param {[string, string]} entry the file's path and digest */
  const keep = async ([path, digest]) => {
    // The response itself (not a copy): it keeps its URL, which lets Chromium reuse the
    // compiled WebAssembly from one boot to the next.
    let response = await fetchVerified(path, digest);
    if (inflate.has(path) && !response.headers.has(SHIPPED_DIGEST)) {
      response = await inflated(response, digest);
    }
    await cache.put(new URL(path, BASE).href, response);
  };
  const optional = new Set(BUILD.optional);
  const page = new Set(BUILD.page);
  const entries = Object.entries(BUILD.files).filter(([path]) => !LIGHT || page.has(path));
  // Everything the game needs first, all or nothing...
  await Promise.all(entries.filter(([path]) => !optional.has(path)).map(keep));
  // ...then what only makes it faster (the Python snapshot), if there is room for it: when
  // it cannot be kept, the game still works offline and starts Python the ordinary way.
  for (const entry of entries.filter(([path]) => optional.has(path))) {
    await keep(entry).catch(() => {});
  }
}

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // The light form of this same build in charge (a guest who asked for the engine): the
      // page runs these very files, so the whole worker takes over without waiting.
      const lightInCharge = new URL(worker.registration.active?.scriptURL ?? BASE).searchParams.has("files");
      const sameBuild = !LIGHT && lightInCharge && (await caches.has(PAGE_CACHE));
      await precache();
      if (sameBuild) await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // Control the page of a first visit (nothing to mix with yet), so its later requests
      // and new tabs are served from the cache.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") worker.skipWaiting();
  if (event.data?.type === "version") event.source?.postMessage({ type: "version", version: BUILD.version });
});

/**
 * The cached file a request is for, or null: the site's own files only.
 * @param {Request} request
 */
function cachedPath(request) {
  if (request.method !== "GET" || !request.url.startsWith(BASE)) return null;
  const path = new URL(request.url).pathname.slice(new URL(BASE).pathname.length);
  if (request.mode === "navigate" && (path === "" || path === "index.html")) return "index.html";
  return Object.hasOwn(BUILD.files, path) ? path : null;
}

worker.addEventListener("fetch", (event) => {
  const path = cachedPath(event.request);
  if (path === null) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(new URL(path, BASE).href);
      if (hit) return hit;
      // An optional file this worker could not keep: the page does without it (the loader
      // starts Python the ordinary way) rather than download it on every boot. The light
      // form keeps none of the engine's files: they come from the network.
      if (!LIGHT && BUILD.optional.includes(path)) return new Response(null, { status: 404 });
      return fetch(event.request);
    })(),
  );
});
