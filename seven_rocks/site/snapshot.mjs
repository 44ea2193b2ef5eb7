// Make a Pyodide memory snapshot with the engine already imported (run by seven_rocks/site/snapshot.py).
//
//   node snapshot.mjs PYODIDE_DIR ENGINE_ZIP OUT MODULE[,MODULE...] [STDLIB_ZIP]
//
// The snapshot is the WebAssembly heap of an interpreter that has started and imported the
// given modules; the page's loader (web/pyodide-loader.mjs) hands it to loadPyodide, which then
// skips Python's whole start-up. Pyodide must be the very build the site ships.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

// STDLIB_ZIP: the standard library the page starts Python with (the build's cut one).
const [pyodideDir, engineZip, out, modules, stdlib] = process.argv.slice(2);
// Emscripten copies argv[1] into the heap as the program's name: keep this machine's paths
// out of the snapshot (the browser's name, "./this.program", is used instead).
process.argv.length = 1;

/** One readable line for the build's error message: a Python error's last line. */
function reason(error) {
  const lines = String(error?.message ?? error).split("\n").map((line) => line.trim());
  return lines.filter(Boolean).at(-1) ?? "unknown error";
}

try {
  const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({
    indexURL: `${pyodideDir}/`,
    ...(stdlib ? { stdLibURL: stdlib } : {}),
    _makeSnapshot: true,
    // Fixed values instead of this machine's: a snapshot must not carry the build's paths,
    // and the same inputs should give the same interpreter state.
    env: { PYTHONHASHSEED: "0", _: "./this.program" },
    _sysExecutable: "",
  });
  pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(engineZip)));
  pyodide.runPython(`
import os, random, zipfile
with zipfile.ZipFile("/tmp/engine.zip") as archive:
    archive.extractall(".")  # where PyScript's "files" unpacks it in the browser
os.remove("/tmp/engine.zip")
${modules
  .split(",")
  .map((name) => `import ${name}`)
  .join("\n")}
random.seed(0)  # web/worker.py reseeds it from the OS; fixed here so builds repeat
# How web/worker.py tells (and reports) that its interpreter came from this snapshot.
os.environ["SEVEN_ROCKS_PYTHON_START"] = "snapshot"
`);
  writeFileSync(out, pyodide.makeMemorySnapshot());
} catch (error) {
  process.stderr.write(`${reason(error)}\n`);
  process.exit(1);
}
