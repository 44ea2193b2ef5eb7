// Drives Debian's firefox-esr for the engine smoke tests (firefox.py) over WebDriver BiDi,
// through puppeteer-core, which speaks BiDi to Firefox itself (Debian packages no
// geckodriver). A line-per-request bridge: Python writes one JSON request a line on stdin,
// this answers each with one JSON line on stdout, so the smoke set stays one Python test for
// every engine.
//
// Usage: node firefox.mjs FIREFOX_BINARY PROFILE_DIR

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, userDataDir] = process.argv.slice(2);
/** What the page did that a quiet, self-contained page must not: console errors, uncaught errors. */
const problems = [];

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  userDataDir,
  headless: true,
  defaultViewport: { width: 1280, height: 800 },
  extraPrefsFirefox: {
    // Every request but loopback's goes to a closed port on this machine (as the Chromium
    // tests' proxy): nothing leaves, whatever the page asks for.
    "network.proxy.type": 1,
    "network.proxy.share_proxy_settings": true,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.allow_hijacking_localhost": false,
  },
});
const page = await browser.newPage();
page.on("console", (message) => {
  if (message.type() === "error") problems.push(`console error: ${message.text()}`);
});
page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));

/** Each operation: a request's fields in, a JSON value out. */
const operations = {
  /** @param {{url: string}} request */
  goto: async ({ url }) => void (await page.goto(url, { waitUntil: "load" })),
  reload: async () => void (await page.reload({ waitUntil: "load" })),
  /** @param {{fn: string, arg: unknown}} request a function's source, called with `arg` */
  evaluate: ({ fn, arg }) => page.evaluate(`(${fn})(${JSON.stringify(arg ?? null)})`),
  /** @param {{selector: string}} request the first match, clicked with the mouse at its centre */
  click: async ({ selector }) => void (await page.click(selector)),
  problems: () => problems.splice(0),
  close: async () => void (await browser.close()),
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  let reply;
  try {
    reply = { ok: true, value: (await operations[request.op](request)) ?? null };
  } catch (error) {
    reply = { ok: false, error: String(error?.message ?? error) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
  if (request.op === "close") process.exit(0);
}
