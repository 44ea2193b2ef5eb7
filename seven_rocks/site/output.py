"""The build's output folder: which folder may be replaced, and replacing it in one step.

``seven-rocks build --out OUT`` rebuilds OUT from scratch (a stale file from an older build
could be served and mask a missing one), but OUT is a path a person typed, so the build
deletes nothing it did not make:

* every build leaves a marker in OUT, ``MARKER``, listing the files it made (its manifest);
* OUT is replaced only when it is missing, empty, or holds a build whose every file is in
  its manifest. Anything else there (a thesis, a photo folder, a file that happens to be
  called ``seven_rocks.zip``, or a file dropped into an old build) makes the build refuse,
  in one sentence naming a few of those files;
* a site built before markers existed is recognised by its service worker, whose filled-in
  ``const BUILD = {...}`` lists every file of that build.

The new site is assembled in a hidden sibling folder and swapped in by two renames, so a
server serving OUT meanwhile never hands out a half-built site, and a failed build leaves
the previous one whole. When OUT is a symbolic link, the folder it points to is rebuilt and
the link is kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from pathlib import Path

__all__ = ["MARKER", "OutputError", "check_replaceable", "real_out", "staging_dir", "swap_in"]

#: The marker a build leaves in its output folder: ``{"format": 1, "files": [...]}``, the
#: site-relative paths of every file the build made (the marker itself aside).
MARKER = ".seven-rocks-build.json"
_FORMAT = 1
# A site from before markers: its service worker lists its files (see site/build.py).
_LEGACY_WORKER = "sw.js"
_LEGACY_BUILD_LINE = re.compile(r"^const BUILD = (\{.*\});$", re.MULTILINE)
_LEGACY_COPIES = (".br", ".gz")
# How many unknown files a refusal names.
_NAMED = 3


class OutputError(RuntimeError):
    """The output folder may not be replaced; the message says why, in one sentence."""


def real_out(out: Path) -> Path:
    """The folder the build writes: ``out`` with every symbolic link resolved (a link named
    by ``--out`` is kept, and the folder it points to gets the new build)."""
    try:
        return out.resolve()
    except (OSError, RuntimeError) as error:  # a loop of links (RuntimeError before 3.13)
        raise OutputError(f"{out} cannot be resolved: {error}") from None


def check_replaceable(out: Path) -> None:
    """Raise ``OutputError`` unless the build may replace ``out`` (see the module's docstring)."""
    real = real_out(out)
    if out.is_symlink() and not real.exists() and not real.parent.is_dir():
        raise OutputError(f"{out} is a symbolic link to {real}, whose folder does not exist")
    if not real.exists():
        return
    if not real.is_dir():
        raise OutputError(f"{out} exists and is not a directory")
    if not any(real.iterdir()):
        return
    manifest = _manifest(real)
    if manifest is None:
        raise OutputError(
            f"{out} is not empty and holds no previous build (no {MARKER}): "
            "choose another output directory"
        )
    unknown = _unlisted(real, manifest)
    if unknown:
        shown = ", ".join(unknown[:_NAMED]) + (", ..." if len(unknown) > _NAMED else "")
        raise OutputError(
            f"{out} holds files the previous build did not make ({shown}): "
            "move them out or choose another output directory"
        )


def staging_dir(out: Path) -> Path:
    """A new, empty, hidden sibling of the output folder to assemble the build in."""
    real = real_out(out)
    real.parent.mkdir(parents=True, exist_ok=True)
    while True:
        staging = real.parent / f".{real.name}.building-{os.getpid()}-{secrets.token_hex(4)}"
        try:
            staging.mkdir()
        except FileExistsError:  # pragma: no cover - 32 random bits collided
            continue
        return staging


def swap_in(staging: Path, out: Path) -> None:
    """Write the marker into ``staging`` and put it at ``out`` in one step.

    ``out`` is checked again first: the build takes minutes, and a file saved into the old
    site meanwhile must not be lost (the staging folder is removed and nothing else is
    touched). Of the retired build, only the files its manifest lists are deleted.
    """
    try:
        check_replaceable(out)
        files = sorted(
            path.relative_to(staging).as_posix()
            for path in staging.rglob("*")
            if path.is_file() or path.is_symlink()
        )
        marker = {"format": _FORMAT, "files": files}
        (staging / MARKER).write_text(json.dumps(marker, indent=1) + "\n", encoding="utf-8")
    except BaseException:
        _remove_listed(staging, None)
        raise
    real = real_out(out)
    retired = real.parent / f".{real.name}.old-{os.getpid()}-{secrets.token_hex(4)}"
    manifest = _manifest(real) if real.exists() else None
    if real.exists():
        real.rename(retired)
    staging.rename(real)
    if retired.exists():
        _remove_listed(retired, manifest if manifest is not None else set())


def _manifest(folder: Path) -> set[str] | None:
    """The files the build in ``folder`` made, by relative path; None if it holds no build."""
    marker = folder / MARKER
    if marker.is_file() and not marker.is_symlink():
        try:
            data = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            return None
        files = data.get("files")
        if not isinstance(files, list) or not all(isinstance(name, str) for name in files):
            return None
        return {*files, MARKER}
    return _legacy_manifest(folder)


def _legacy_manifest(folder: Path) -> set[str] | None:
    """The files of a build made before markers, from its service worker's file list."""
    worker = folder / _LEGACY_WORKER
    if not worker.is_file() or worker.is_symlink():
        return None
    try:
        match = _LEGACY_BUILD_LINE.search(worker.read_text(encoding="utf-8"))
        data = json.loads(match.group(1)) if match else None
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict) or not files:
        return None
    listed = {*files, _LEGACY_WORKER}
    return listed | {name + suffix for name in listed for suffix in _LEGACY_COPIES}


def _unlisted(folder: Path, manifest: set[str]) -> list[str]:
    """Files (and links) under ``folder`` the manifest does not list, sorted."""
    unknown = []
    for directory, subdirs, names in os.walk(folder):
        here = Path(directory)
        for name in names + [d for d in subdirs if (here / d).is_symlink()]:
            relative = (here / name).relative_to(folder).as_posix()
            if relative not in manifest or (here / name).is_symlink():
                unknown.append(relative)
    return sorted(unknown)


def _remove_listed(folder: Path, manifest: set[str] | None) -> None:
    """Delete the listed files of ``folder`` (all of them when ``manifest`` is None: a
    staging folder of our own), then the folders left empty. Anything else stays."""
    for directory, _, names in os.walk(folder, topdown=False):
        here = Path(directory)
        for name in names:
            path = here / name
            if manifest is None or path.relative_to(folder).as_posix() in manifest:
                path.unlink(missing_ok=True)
        with contextlib.suppress(OSError):  # not empty: something unlisted is kept
            here.rmdir()
