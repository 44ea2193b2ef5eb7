"""Trace what the game imports and pack it small: runs inside Pyodide, and on the host.

The browser's Python comes with Pyodide's whole standard library, a zip of its modules
deflated one by one, so that brotli on the wire cannot shrink it further. A game imports
a small part of them. ``seven_rocks.site.stdlib`` runs this module inside Pyodide
under Node at build time (the host is CPython 3.11, Pyodide is 3.14: only Pyodide's own
``ast`` can be trusted to read Pyodide's library) to

1. play through everything the worker does: games with every bot, hints, saves and
   restores, records and replays, the error paths of the worker protocol, a traceback;
2. list the modules that came from the standard library zip (``traced_files``);
3. write them, docstrings and comments stripped, into an uncompressed zip
   (``write_zip``): brotli then compresses across all files at once. With ``compiled``
   each module goes in as bytecode (``compile_module``) compiled by Pyodide's own Python:
   Python's start-up then never runs its compiler on the library, which on a first visit
   (WebAssembly not yet optimised) cost about 1.5 s of the boot.

``strip_source`` is also what the build uses on the engine's own zip. Standard library only,
and written for both Pythons.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import io
import json
import marshal
import sys
import traceback
import zipfile
from collections.abc import Callable, Iterable
from types import CodeType

__all__ = ["STDLIB_ZIP", "compile_module", "exercise", "strip_source", "traced_files", "write_zip"]

#: Where Pyodide puts its standard library zip (``/lib/python3XY.zip``) in its file system.
STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
# The same fixed date on every entry makes the zip reproducible.
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
#: Bot moves played per bot in the trace beyond a full game with the first (fastest) bot:
#: enough for every bot to reach its search code, bounded for the build's time.
_MOVES_PER_BOT = 16

Handle = Callable[[str], str]


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


@functools.lru_cache(maxsize=1024)
def strip_source(source: str, *, docstrings: bool = True, annotations: bool = False) -> str:
    """``source`` without comments and (unless ``docstrings`` is false) docstrings, and
    (``annotations``) without the annotations of its functions and of its module's names
    (``_drop_annotations``: a class's stay).

    Re-written by ``ast.unparse``; if the result does not parse back to the same tree the
    original source is returned unchanged, so stripping can only lose bytes, never meaning.
    Kept per source (a pure function of it): a process that builds the site again, as the
    tests do, strips each unchanged module once, not a second of parsing every build.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    if docstrings:
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and node.body
                and _is_docstring(node.body[0])
            ):
                del node.body[0]
                if not node.body:
                    node.body.append(ast.Pass())
    if annotations:
        _drop_annotations(tree)
    text = ast.unparse(tree) + "\n"
    try:
        same = ast.dump(ast.parse(text)) == ast.dump(tree)
    except SyntaxError:
        same = False
    return text if same else source


def _drop_annotations(tree: ast.Module) -> None:
    """Drop what only the type checker reads: every function's parameter and return
    annotations, and the module's own (``X: Final = 1`` becomes ``X = 1``; a bare ``X: int``
    goes). Under ``from __future__ import annotations`` each is a string the bytecode keeps
    and every ``def`` builds into a dict; in the engine's zip they were 8% of its bytes on
    the wire, and nothing the worker runs reads them. A class's annotations are its fields
    (a TypedDict's keys, which the worker's door checks requests against; a dataclass's,
    a NamedTuple's), so they stay.
    """
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
                argument.annotation = None
            for star in (arguments.vararg, arguments.kwarg):
                if star is not None:
                    star.annotation = None
            node.returns = None
    body: list[ast.stmt] = []
    for statement in tree.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            if statement.value is None:
                continue
            statement = ast.copy_location(
                ast.Assign(targets=[statement.target], value=statement.value), statement
            )
        body.append(statement)
    tree.body = body or [ast.Pass()]


class _Client:
    """Sends requests to the worker's handle and keeps each reply's error type, in order.

    The error types are the trace's only output, so the build can tell that the cut
    library answered every request the way the full one did.
    """

    def __init__(self, handle: Handle) -> None:
        self._handle = handle
        self.errors: list[str] = []

    def send(self, text: str) -> dict[str, object]:
        """Send raw ``text`` (also malformed text: the error paths must be traced too)."""
        reply: dict[str, object] = json.loads(self._handle(text))
        error = reply.get("error") if isinstance(reply, dict) else None
        self.errors.append(str(error.get("type")) if isinstance(error, dict) else "")
        return reply

    def call(self, method: str, **params: object) -> dict[str, object]:
        """Send one well-formed request."""
        return self.send(json.dumps({"method": method, "params": params}))


def exercise(handle: Handle, moves_per_bot: int = _MOVES_PER_BOT) -> list[str]:
    """Drive the worker's ``handle`` through what the page asks of it.

    Returns each request's error type ("" for none), which the build compares between the
    full and the cut library: replies are otherwise not checked here (the tests do that),
    this only has to reach every import a real visit reaches, the error paths included.
    """
    client = _Client(handle)
    client.call("ping")
    client.call("version")
    info = client.call("info")
    bots = [str(name) for name in info.get("bots", []) if isinstance(name, str)]  # type: ignore[attr-defined]
    client.call("examples")
    _bot_games(client, bots, moves_per_bot)
    _human_game(client, bots)
    _review(client)
    _trainer(client)
    _bad_requests(client)
    _format_a_traceback()
    return client.errors


def _bot_games(client: _Client, bots: list[str], moves_per_bot: int) -> None:
    """A game per bot, each with its record saved and replayed: reaches every bot's search."""
    for index, name in enumerate(bots):
        snap = client.call("new_game", seed=index, bots=[name] * 4)
        limit = 10_000 if index == 0 else moves_per_bot  # the first bot plays a whole game
        for _ in range(limit):
            if snap.get("over") or "error" in snap:
                break
            snap = client.call("step", since=max(0, int(str(snap.get("events_total", 0))) - 2))
        record = client.call("record")
        _replay(client, record)


def _replay(client: _Client, record: object) -> None:
    """The replay viewer's requests: the record checked slice by slice, then a round."""
    progress = client.call("replay_load", record=record, budget_ms=0)
    while not progress.get("finished") and "error" not in progress:
        progress = client.call("replay_load", budget_ms=0)
    client.call("replay_round", round=1)


def _human_game(client: _Client, bots: list[str]) -> None:
    """A human seat: moves, hints, a save and its restore."""
    snap = client.call("new_game", seed=7, bots=[None, *bots[:1] * 3])
    for _ in range(40):
        if snap.get("over") or "error" in snap:
            break
        if snap.get("human_turn"):
            client.call("hint")
            legal = snap.get("legal") or {}
            if isinstance(legal, dict) and legal:
                tile, points = next(iter(legal.items()))
                move = tile if points[0] == "open" else f"{tile}@{points[0]}"
            else:
                move = "pass"
            snap = client.call("play", move=move)
        else:
            snap = client.call("step")
    save = client.call("save")
    client.call("restore", save=save)
    client.call("state")


def _review(client: _Client) -> None:
    """The coach on the game so far: its search (the coach zip's modules), a board, a cancel."""
    progress = client.call("review_start", level="quick", budget_ms=0)
    for _ in range(3):
        if progress.get("finished") or "error" in progress:
            break
        progress = client.call("review_step", budget_ms=0)
    client.call("review_board", round=1, number=1)
    client.call("review_cancel")


def _trainer(client: _Client) -> None:
    """The "find the move" trainer (the rest zip's puzzles): a recorded move's position,
    its board, and a try at it checked against every move worth the same."""
    retry = client.call("trainer_retry", record=client.call("record"), round=1, number=1)
    position = retry.get("position")
    board = client.call("trainer_board", position=position)
    by_tile = board.get("moves")
    moves = [
        str(move)
        for points in (by_tile.values() if isinstance(by_tile, dict) else ())
        for move in (points.values() if isinstance(points, dict) else ())
    ]
    if moves:
        candidates = [[move, 0.0] for move in moves]
        client.call(
            "trainer_check", position=position, move=moves[0], candidates=candidates, theme="race"
        )


def _bad_requests(client: _Client) -> None:
    """Everything a person or a damaged file can get wrong: the worker's error paths."""
    client.send("this is not JSON")
    client.send("[1, 2]")
    client.call("no-such-method")
    client.call("play", move="9-9@nowhere")
    client.call("play", move=12)
    client.call("new_game", bots=["nobody"] * 4)
    client.call("new_game", seed=-1)
    client.call("restore", save={"format": "something else"})
    client.call("replay_load", record={"not": "a record"})
    client.call("replay_load", record="garbage")
    client.call("new_game", unexpected=True)


def _format_a_traceback() -> None:
    """The worker prints the traceback of a bug to the console: trace what that imports."""
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        traceback.print_exc(file=io.StringIO())
        traceback.format_exc()


def traced_files(stdlib_zip: str = STDLIB_ZIP) -> list[str]:
    """The standard library zip's entries the imported modules were loaded from, with the
    ``__init__.py`` of every package on their way, sorted.

    Frozen modules (``os``, ``codecs``, ``importlib._bootstrap``...) are left out: the
    interpreter carries them and never reads their source.
    """
    prefix = stdlib_zip + "/"
    wanted: set[str] = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        loader = getattr(spec, "loader", None)
        if not isinstance(origin, str) or not origin.startswith(prefix):
            continue
        if type(loader).__name__ != "zipimporter":
            continue
        entry = origin[len(prefix) :]
        wanted.add(entry)
        parts = entry.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            wanted.add("/".join(parts[:depth]) + "/__init__.py")
    return sorted(wanted)


#: A hash-based ``.pyc`` that is never checked against a source (PEP 552): the zip holds
#: no source to check against, and its entries carry no meaningful modification times.
_UNCHECKED_HASH_PYC = 0b01


def _without_line_tables(code: CodeType) -> CodeType:
    consts = tuple(
        _without_line_tables(const) if isinstance(const, CodeType) else const
        for const in code.co_consts
    )
    return code.replace(co_linetable=b"", co_consts=consts)


def compile_module(source: bytes, filename: str) -> bytes:
    """``source`` as the bytes of an unchecked hash-based ``.pyc`` for this Python.

    Line tables are left out: they are 40% of the bytecode's size on the wire, and all
    they give is line numbers in tracebacks (shown as ``line -1``; a traceback still names
    each file and function). The engine's numbers would be of its stripped, re-written
    source anyway, which matches no file a developer has.  Must run on the Python
    that will import it (the magic number says which): the build runs it in Pyodide.
    """
    code = compile(source, filename, "exec", dont_inherit=True)
    header = (
        importlib.util.MAGIC_NUMBER
        + _UNCHECKED_HASH_PYC.to_bytes(4, "little")
        + importlib.util.source_hash(source)
    )
    return header + marshal.dumps(_without_line_tables(code))


def write_zip(
    destination: str,
    files: Iterable[tuple[str, bytes]],
    *,
    strip: bool = True,
    compiled: bool = False,
) -> int:
    """Write ``(name, bytes)`` pairs into an uncompressed, reproducible zip; ``.py`` files
    lose their comments and docstrings first, and with ``compiled`` go in as ``.pyc``
    (``compile_module``). Returns the total of the stored bytes."""
    total = 0
    with zipfile.ZipFile(destination, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in sorted(files):
            if strip and name.endswith(".py"):
                data = strip_source(data.decode("utf-8")).encode("utf-8")
            if compiled and name.endswith(".py"):
                data = compile_module(data, name)
                name = name.removesuffix(".py") + ".pyc"
            info = zipfile.ZipInfo(name, date_time=_ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, data)
            total += len(data)
    return total
