"""The Pyodide memory snapshot the build makes: it restores to a working engine, carries
nothing of the machine that built it, and its maker fails with readable errors."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from seven_rocks.app.session import Session
from seven_rocks.site.build import SNAPSHOT, build
from seven_rocks.site.snapshot import SnapshotError, make_snapshot

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")

#: Restores the snapshot in Node the way the page's loader does, then does what PyScript does
#: in the worker (unpack the engine zip, run worker.py) and asks the worker's `handle`.
RESTORE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
const [site, requestsJson] = process.argv.slice(1);
const requests = JSON.parse(requestsJson);
const { loadPyodide } = await import(pathToFileURL(`${site}/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${site}/pyodide/`,
  // The cut standard library the snapshot was made from, as web/pyodide-loader.mjs passes.
  stdLibURL: `${site}/pyodide/stdlib-cut.zip`,
  // Shipped gzip-compressed; the service worker inflates it before the loader reads it.
  _loadSnapshot: new Uint8Array(gunzipSync(readFileSync(`${site}/pyodide/engine.snapshot`))),
});
const before = pyodide.runPython(
  "import sys, json; json.dumps(sorted(m for m in sys.modules if m.startswith('seven_rocks')))"
);
pyodide.unpackArchive(new Uint8Array(readFileSync(`${site}/seven_rocks.zip`)), "zip");
pyodide.FS.writeFile("/home/pyodide/worker.py", readFileSync(`${site}/worker.py`, "utf8"));
pyodide.globals.set("requests", JSON.stringify(requests));
const reply = pyodide.runPython(`
import json, random
# Run as PyScript runs it (not with runpy, which the cut standard library leaves out).
worker = {"__name__": "__main__"}
with open("/home/pyodide/worker.py", encoding="utf-8") as source:
    exec(compile(source.read(), "worker.py", "exec"), worker)
json.dumps({
    "ping": json.loads(worker["handle"](json.dumps({"method": "ping"}))),
    "replies": [json.loads(worker["handle"](json.dumps(r))) for r in json.loads(requests)],
    "random": random.random(),
})`);
console.log(JSON.stringify({ before: JSON.parse(before), ...JSON.parse(reply) }));
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("snapshot") / "site", compress=False)


def _restore(site: Path, requests: list[dict[str, object]] | None = None) -> dict[str, object]:
    """Restore the snapshot in Node, run worker.py, then send it ``requests`` (default: a new
    game with seed 3); returns the replies, the ping and what was imported beforehand."""
    assert NODE is not None, "Node.js is needed (npm ci installs the JavaScript side with it)"
    if requests is None:
        requests = [{"method": "new_game", "params": {"seed": 3}}]
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", RESTORE, str(site), json.dumps(requests)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    data: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def test_a_restored_snapshot_already_holds_the_engine_and_plays(site: Path) -> None:
    first = _restore(site)
    # The engine was imported before anything ran: that is the start-up the snapshot saves.
    before = first["before"]
    assert isinstance(before, list) and "seven_rocks.app.dispatch" in before
    ping = first["ping"]
    assert isinstance(ping, dict) and ping["pong"] is True and ping["start"] == "snapshot"
    replies = first["replies"]
    assert isinstance(replies, list) and len(replies) == 1
    game = replies[0]
    assert isinstance(game, dict) and game["seed"] == 3 and len(game["hand"]) == 7
    # The deal for a seed is the engine's, snapshot or not.
    assert _restore(site)["replies"] == [game]


@pytest.mark.slow
def test_a_whole_bot_game_in_the_restored_interpreter_matches_cpython(site: Path) -> None:
    # Every rule, bot and record path runs on the restored heap (whose string hash seed is
    # fixed, unlike this process's), and must give the very game CPython gives. A game to
    # 150 on this deal ends its rounds in each of the three ways (blocked, domino, the
    # target reached), in a third of the moves of a game to 250: the master's search in
    # WebAssembly is most of this test's time.
    bots = ["master", "expert", "greedy", "expert"]
    seed, target = 109, 150
    session = Session()
    session.new_game(seed=seed, bots=bots, target=target)
    steps = 0
    while session.game is not None and not session.game.is_over:
        session.step()
        steps += 1
    expected = session.record()
    step: dict[str, object] = {"method": "step", "params": {}}
    requests: list[dict[str, object]] = [
        {"method": "new_game", "params": {"seed": seed, "bots": bots, "target": target}},
        *([step] * steps),
        {"method": "record", "params": {}},
    ]
    replies = _restore(site, requests)["replies"]
    assert isinstance(replies, list)
    assert not [r for r in replies if "error" in r]
    assert replies[-1] == expected
    assert expected["winner"] in (0, 1)
    assert {r["end"] for r in expected["rounds"]} == {"blocked", "domino", "target"}


def test_every_restore_draws_fresh_random_numbers(site: Path) -> None:
    # The snapshot froze `random`'s state; worker.py reseeds it, or every visit would repeat.
    assert _restore(site)["random"] != _restore(site)["random"]


def test_the_snapshot_ships_compressed(site: Path) -> None:
    # Static hosts seldom compress application/octet-stream: the file itself is compressed.
    shipped = (site / SNAPSHOT).read_bytes()
    heap = gzip.decompress(shipped)
    assert heap[:4] == b"\x00snp"  # Pyodide's snapshot magic
    assert len(shipped) * 4 < len(heap)


def test_the_snapshot_carries_nothing_of_the_build_machine(site: Path) -> None:
    data = gzip.decompress((site / SNAPSHOT).read_bytes())
    for local in (str(ROOT), str(site), "snapshot.mjs"):
        assert local.encode() not in data, local


def test_the_service_worker_precaches_the_snapshot(site: Path) -> None:
    text = (site / "sw.js").read_text(encoding="utf-8")
    assert f'"{SNAPSHOT}": "' in text


@pytest.mark.slow
def test_snapshots_are_reused_from_the_cache(site: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    pyodide, engine = site / "pyodide", site / "seven_rocks.zip"
    first = make_snapshot(pyodide, engine, tmp_path / "one.snapshot", cache=cache)
    (cached,) = cache.glob("snapshot-*.gz")  # beside it, the claim it was made under
    assert cached.read_bytes() == first.read_bytes()
    # A different cached file proves the second call read the cache instead of running Node.
    cached.write_bytes(b"from the cache")
    again = make_snapshot(pyodide, engine, tmp_path / "two.snapshot", cache=cache)
    assert again.read_bytes() == b"from the cache"


def test_a_broken_engine_zip_gives_a_readable_error(site: Path, tmp_path: Path) -> None:
    broken = tmp_path / "seven_rocks.zip"
    with zipfile.ZipFile(broken, "w") as archive:
        archive.writestr("seven_rocks/__init__.py", "raise ImportError('broken on purpose')\n")
    with pytest.raises(SnapshotError, match="broken on purpose") as caught:
        make_snapshot(site / "pyodide", broken, tmp_path / "out.snapshot")
    assert "\n" not in str(caught.value)
    assert not list(tmp_path.glob("out.snapshot*"))  # no half-written file left behind


def test_without_node_the_error_says_what_to_install(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    with pytest.raises(SnapshotError, match=r"Node\.js is needed"):
        make_snapshot(site / "pyodide", site / "seven_rocks.zip", tmp_path / "out.snapshot")
