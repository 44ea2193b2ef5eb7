"""The build's output folder: which folder may be replaced, and replacing it in one step.

``seven-rocks build --out OUT`` rebuilds OUT from scratch (a stale file from an older build
could be served and mask a missing one), but OUT is a path a person typed, so the build
deletes nothing it did not make:

* every build leaves a marker in OUT, ``MARKER``, listing the files it made (its manifest);
* OUT is replaced only when it is missing, empty, or holds a build whose every file is in
  its manifest. Anything else there (a thesis, a photo folder, a file that happens to be
  called ``seven_rocks.zip``, or a file dropped into an old build) makes the build refuse,
  in one sentence naming a few of those files;
* a site without a marker is recognised by its service worker, whose filled-in
  ``const BUILD = {...}`` lists every file of that build.

The new site is assembled in a hidden sibling folder and swapped in by two renames, so a
server serving OUT meanwhile never hands out a half-built site, and a failed build leaves
the previous one whole. When OUT is a symbolic link, the folder it points to is rebuilt and
the link is kept.

A build that is killed (SIGTERM, SIGKILL, a power cut) cannot clean up after itself, so
each build first removes what interrupted ones left beside OUT, and only what it can prove
a build made: a staging folder named as :func:`staging_dir` names them that holds the claim
it wrote at its creation (``CLAIM``, naming the process and the folder's random token), or
a retired site named as :func:`swap_in` names them (only the files its manifest lists),
and in both cases only when the process that made it is no longer running (another build
may be under way).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from pathlib import Path

__all__ = [
    "CLAIM",
    "MARKER",
    "OutputError",
    "check_replaceable",
    "real_out",
    "staging_dir",
    "swap_in",
    "sweep_leftovers",
]

#: The marker a build leaves in its output folder: ``{"format": 1, "files": [...]}``, the
#: site-relative paths of every file the build made (the marker itself aside).
MARKER = ".seven-rocks-build.json"
_FORMAT = 1
# A site without a marker: its service worker lists its files (see site/precache.py).
_UNMARKED_WORKER = "sw.js"
_UNMARKED_BUILD_LINE = re.compile(r"^const BUILD = (\{.*\});$", re.MULTILINE)
_UNMARKED_COPIES = (".br", ".gz")
# How many unknown files a refusal names.
_NAMED = 3
#: The claim a staging folder holds while a build assembles the site in it:
#: ``{"pid": ..., "token": ...}``, the token being the end of the folder's name.
CLAIM = ".seven-rocks-staging.json"


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
    """A new hidden sibling of the output folder to assemble the build in, holding only its
    claim (``CLAIM``); the leftovers of interrupted builds are swept first."""
    real = real_out(out)
    real.parent.mkdir(parents=True, exist_ok=True)
    sweep_leftovers(out)
    while True:
        token = secrets.token_hex(4)
        staging = real.parent / f".{real.name}.building-{os.getpid()}-{token}"
        try:
            staging.mkdir()
        except FileExistsError:  # pragma: no cover - 32 random bits collided
            continue
        claim = {"pid": os.getpid(), "token": token}
        (staging / CLAIM).write_text(json.dumps(claim) + "\n", encoding="utf-8")
        return staging


def sweep_leftovers(out: Path) -> list[Path]:
    """Remove what interrupted builds of ``out`` left beside it (see the module's
    docstring); returns the folders removed, wholly or in part."""
    real = real_out(out)
    pattern = re.compile(rf"\.{re.escape(real.name)}\.(building|old)-(\d{{1,10}})-([0-9a-f]{{8}})")
    swept = []
    with contextlib.suppress(OSError):
        siblings = list(real.parent.iterdir())
        for folder in siblings:
            match = pattern.fullmatch(folder.name)
            if match is None or folder.is_symlink() or not folder.is_dir():
                continue
            kind, pid, token = match[1], int(match[2]), match[3]
            if _running(pid):
                continue
            if kind == "building" and _claim(folder) == {"pid": pid, "token": token}:
                _remove_listed(folder, None)
            elif kind == "old" and (manifest := _manifest(folder)) is not None:
                _remove_listed(folder, manifest)
            else:
                continue
            swept.append(folder)
    return swept


def _running(pid: int) -> bool:
    """Whether a process ``pid`` exists (this one included; another user's counts too)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _claim(folder: Path) -> object:
    """The claim a staging folder holds, or None."""
    path = folder / CLAIM
    if not path.is_file() or path.is_symlink():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def swap_in(staging: Path, out: Path) -> None:
    """Write the marker into ``staging`` and put it at ``out`` in one step.

    ``out`` is checked again first: the build takes minutes, and a file saved into the old
    site meanwhile must not be lost (the staging folder is removed and nothing else is
    touched). Of the retired build, only the files its manifest lists are deleted.  Two
    builds into one folder at once each swap a whole site in; if the other one's lands
    between this one's two renames, it is kept and this one raises :class:`OutputError`.
    """
    try:
        check_replaceable(out)
        (staging / CLAIM).unlink(missing_ok=True)  # the finished site is no longer staging
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
    with contextlib.suppress(FileNotFoundError):  # gone: another build is swapping in
        real.rename(retired)
    try:
        staging.rename(real)
    except OSError:
        # Another build into the same folder put its site there between the two renames:
        # that site is whole and stays; this one is dropped, never mixed into it.
        _remove_listed(staging, None)
        raise OutputError(
            f"another build put its site in {out} at the same moment: that one is kept, "
            "this one dropped"
        ) from None
    finally:
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
    return _unmarked_manifest(folder)


def _unmarked_manifest(folder: Path) -> set[str] | None:
    """The files of a build without a marker, from its service worker's file list."""
    worker = folder / _UNMARKED_WORKER
    if not worker.is_file() or worker.is_symlink():
        return None
    try:
        match = _UNMARKED_BUILD_LINE.search(worker.read_text(encoding="utf-8"))
        data = json.loads(match.group(1)) if match else None
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict) or not files:
        return None
    listed = {*files, _UNMARKED_WORKER}
    return listed | {name + suffix for name in listed for suffix in _UNMARKED_COPIES}


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
