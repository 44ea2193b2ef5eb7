"""A build killed half-way leaves a hidden staging folder beside its output; the next build
removes it, and nothing there it cannot prove an interrupted build made."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from seven_rocks.site import output
from seven_rocks.site.output import CLAIM, MARKER

#: A build's first steps in a child process, then SIGTERM: it dies without cleaning up.
KILLED_BUILD = """
import os, signal, sys
from pathlib import Path

import pytest
from seven_rocks.site.output import staging_dir
staging = staging_dir(Path(sys.argv[1]))
(staging / "pyodide.asm.wasm").write_bytes(b"half a site" * 1000)
print(staging, flush=True)
os.kill(os.getpid(), signal.SIGTERM)
"""


def _killed_build(out: Path) -> tuple[Path, int]:
    """The staging folder a build killed by SIGTERM left, and its process's (ended) pid."""
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_BUILD, str(out)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    staging = Path(child.stdout.readline().strip())
    assert child.wait(timeout=60) == -signal.SIGTERM
    assert staging.is_dir() and (staging / "pyodide.asm.wasm").is_file()
    return staging, child.pid


def test_the_next_build_removes_a_killed_builds_staging_folder(tmp_path: Path) -> None:
    out = tmp_path / "site"
    staging, _ = _killed_build(out)
    new = output.staging_dir(out)
    assert not staging.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [new.name]
    assert json.loads((new / CLAIM).read_text()) == {
        "pid": os.getpid(),
        "token": new.name.rsplit("-", 1)[1],
    }


def test_only_what_an_interrupted_build_provably_made_is_removed(tmp_path: Path) -> None:
    out = tmp_path / "site"
    _, dead = _killed_build(out)
    # Named like a staging folder of a dead process, but without the claim a build writes.
    unclaimed = tmp_path / f".site.building-{dead}-0123abcd"
    unclaimed.mkdir()
    (unclaimed / "mine.txt").write_text("not a build's\n")
    # A claim that names another folder.
    forged = tmp_path / f".site.building-{dead}-89abcdef"
    forged.mkdir()
    (forged / CLAIM).write_text(json.dumps({"pid": dead, "token": "0123abcd"}))
    # The staging folder of a build still running (this process).
    running = output.staging_dir(out)
    # A retired site of a dead build: its listed files go, a file saved into it stays.
    retired = tmp_path / f".site.old-{dead}-00ff00ff"
    retired.mkdir()
    (retired / "app.js").write_text("old\n")
    (retired / MARKER).write_text(json.dumps({"format": 1, "files": ["app.js"]}))
    (retired / "late.txt").write_text("saved into the old site\n")
    # Other hidden folders beside the site.
    (tmp_path / ".site.notes").mkdir()
    (tmp_path / ".other.building-1-0123abcd").mkdir()

    swept = output.sweep_leftovers(out)

    assert swept == [retired]
    assert sorted(p.name for p in retired.iterdir()) == ["late.txt"]
    assert (unclaimed / "mine.txt").is_file() and (forged / CLAIM).is_file()
    assert (running / CLAIM).is_file()
    assert (tmp_path / ".site.notes").is_dir() and (
        tmp_path / ".other.building-1-0123abcd"
    ).is_dir()


def test_a_finished_build_keeps_no_claim(tmp_path: Path) -> None:
    out = tmp_path / "site"
    staging = output.staging_dir(out)
    (staging / "index.html").write_text("<!doctype html>\n")
    output.swap_in(staging, out)
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "index.html"]
    assert json.loads((out / MARKER).read_text())["files"] == ["index.html"]


def test_two_builds_into_one_folder_at_once_leave_one_whole_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other build's site lands between this one's two renames (retire the old site,
    put the new one in): the other one is kept whole and this one says so and goes."""
    out = tmp_path / "site"
    out.mkdir()
    (out / "app.js").write_text("old\n")
    (out / MARKER).write_text(json.dumps({"format": 1, "files": ["app.js"]}))
    mine, theirs = output.staging_dir(out), output.staging_dir(out)
    (mine / "app.js").write_text("mine\n")
    (theirs / "app.js").write_text("theirs\n")
    rename = Path.rename
    interleaved: list[Path] = []

    def rename_then_let_the_other_build_finish(self: Path, target: Path) -> Path:
        moved = rename(self, target)
        if not interleaved and ".site.old-" in Path(target).name:
            interleaved.append(Path(target))
            output.swap_in(theirs, out)
        return moved

    monkeypatch.setattr(Path, "rename", rename_then_let_the_other_build_finish)
    with pytest.raises(output.OutputError, match=r"another build put its site in .* at the same"):
        output.swap_in(mine, out)
    assert interleaved
    assert {p.name: p.read_text() for p in out.iterdir() if p.name != MARKER} == {
        "app.js": "theirs\n"
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_build_stopped_with_sigterm_removes_its_staging_folder(tmp_path: Path) -> None:
    out = tmp_path / "site"
    command = [sys.executable, "-m", "seven_rocks", "build", "--out", str(out), "--no-snapshot"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not list(tmp_path.glob(".site.building-*")):  # the build is under way
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "no staging folder appeared"
            time.sleep(0.01)
        child.send_signal(signal.SIGTERM)
        _, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 128 + signal.SIGTERM
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
