// Cut Pyodide's standard library to what the game imports (run by seven_rocks/site/stdlib.py).
//
//   node stdlib.mjs PYODIDE_DIR ZIPS WORKER_PY TOOL_PY FALLBACK_PY EXTRA_MODULES OUT_ZIP OUT_JSON
//                   OUT_ENGINE
//
// 1. Starts Pyodide with its full library, unpacks the engine's zips (ZIPS, comma-separated:
//    the engine zip, which PyScript unpacks, and the rest zip, which the worker unpacks
//    beside it when a review, a puzzle or a replay first imports it) where the browser's
//    worker has them, runs
//    the worker (web/worker.py) and drives it through a game session (stdlib_cut.exercise),
//    imports EXTRA_MODULES (comma-separated: what PyScript's own bootstrap imports).
// 2. Writes the library modules that were imported, docstrings and comments stripped and
//    compiled to bytecode by Pyodide's own Python, plus the fallback finder, into OUT_ZIP
//    (uncompressed); and the engine zip (the first of ZIPS) compiled the same way into
//    OUT_ENGINE: a first visit then imports the engine without compiling it, which is most
//    of what importing it costs while the WebAssembly is still unoptimised.
// 3. Starts a second Pyodide on OUT_ZIP with OUT_ENGINE and does it all again: the same
//    replies must come back (a module missing from the cut fails an import, which changes
//    a reply), or the build fails.
// OUT_JSON lists the modules' files and the sizes, for the build and its tests.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, zips, workerPy, toolPy, fallbackPy, extras, outZip, outJson, outEngine] =
  process.argv.slice(2);
const [engineZip, ...otherZips] = zips.split(",");
process.argv.length = 1;

function reason(error) {
  const lines = String(error?.message ?? error).split("\n").map((line) => line.trim());
  return lines.filter(Boolean).at(-1) ?? "unknown error";
}

async function session(loadPyodide, stdLibURL, archives) {
  const pyodide = await loadPyodide({
    indexURL: `${pyodideDir}/`,
    ...(stdLibURL ? { stdLibURL } : {}),
    env: { PYTHONHASHSEED: "0" },
  });
  // What PyScript's `files: {"./seven_rocks.zip": "./*"}` does in the browser's worker (and
  // the worker itself with rest.zip, once asked for a review or a puzzle).
  for (const zip of archives) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: "./" });
  }
  pyodide.FS.mkdirTree("/tmp/seven-rocks-tool");
  pyodide.FS.writeFile("/tmp/seven-rocks-tool/stdlib_cut.py", readFileSync(toolPy));
  pyodide.FS.writeFile("/tmp/seven-rocks-tool/worker_source.py", readFileSync(workerPy));
  pyodide.globals.set("EXTRAS", extras);
  const errors = pyodide.runPython(`
import importlib, json, sys
for name in filter(None, EXTRAS.split(",")):
    importlib.import_module(name)
worker = {"__name__": "__main__"}
with open("/tmp/seven-rocks-tool/worker_source.py", encoding="utf-8") as source:
    exec(compile(source.read(), "worker.py", "exec"), worker)
sys.path.insert(0, "/tmp/seven-rocks-tool")
import stdlib_cut
json.dumps(stdlib_cut.exercise(worker["handle"]))
`);
  return { pyodide, errors };
}

try {
  const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
  const full = await session(loadPyodide, null, [engineZip, ...otherZips]);
  full.pyodide.FS.writeFile("/tmp/seven-rocks-tool/stdlib_fallback.py", readFileSync(fallbackPy));
  const report = JSON.parse(
    full.pyodide.runPython(`
import json, zipfile, stdlib_cut
files = stdlib_cut.traced_files()
with zipfile.ZipFile(stdlib_cut.STDLIB_ZIP) as archive:
    entries = [(name, archive.read(name)) for name in files]
    original = sum(archive.getinfo(name).file_size for name in files)
    # Every module the full library holds, for the fallback: it fetches the full library
    # only for a name in this list (an optional import such as _hashlib, absent from the
    # full library too, must not cost 2.5 MB).
    index = sorted({
        name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for name in archive.namelist() if name.endswith(".py")
    })
entries.append(("stdlib_index.txt", chr(10).join(index).encode()))
with open("/tmp/seven-rocks-tool/stdlib_fallback.py", "rb") as fallback:
    entries.append(("stdlib_fallback.py", fallback.read()))
stored = stdlib_cut.write_zip("/tmp/seven-rocks-tool/cut.zip", entries, compiled=True)
json.dumps({"files": files, "source_bytes": original, "stored_bytes": stored})
`),
  );
  writeFileSync(outZip, full.pyodide.FS.readFile("/tmp/seven-rocks-tool/cut.zip"));
  full.pyodide.FS.writeFile("/tmp/seven-rocks-tool/engine.zip", readFileSync(engineZip));
  full.pyodide.runPython(`
import zipfile, stdlib_cut
with zipfile.ZipFile("/tmp/seven-rocks-tool/engine.zip") as archive:
    modules = [(name, archive.read(name)) for name in archive.namelist()]
# Already stripped by the build (engine_zip.py): compiled as they are.
stdlib_cut.write_zip("/tmp/seven-rocks-tool/engine-compiled.zip", modules, strip=False, compiled=True)
`);
  writeFileSync(outEngine, full.pyodide.FS.readFile("/tmp/seven-rocks-tool/engine-compiled.zip"));

  const cut = await session(loadPyodide, outZip, [outEngine, ...otherZips]);
  if (cut.errors !== full.errors) {
    throw new Error(`the cut library answers differently: ${cut.errors} != ${full.errors}`);
  }
  report.errors = JSON.parse(full.errors);
  writeFileSync(outJson, JSON.stringify(report, null, 1));
} catch (error) {
  process.stderr.write(`${reason(error)}\n`);
  process.exit(1);
}
