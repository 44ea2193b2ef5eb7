"""The worker's one door: a JSON request in, a JSON reply out, for one :class:`Session`.

The worker entry (``web/worker.py``) owns the one session and its dispatcher; nothing here is
a module-level singleton, so tests make as many as they like. Errors the user can cause come
back as ``{"error": {...}}`` (never a traceback); a bug comes back the same way with
``"type": "InternalError"`` so the page can say so.

Besides the session's methods it answers ``ping``, ``version`` and ``warm_up`` (one move of a
scratch game in a copy of this door, :mod:`.warmup`: the page asks for a few dozen while a new
table is first shown, so the browser's WebAssembly compiler does its work then).

>>> import json
>>> door = Dispatcher(Session())
>>> json.loads(door.handle('{"method": "play", "params": {"move": "6-6"}}'))["error"]["type"]
'RequestError'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .. import __version__
from ..engine.errors import SevenRocksError
from .protocol import METHODS, PROTOCOL, Request, RequestError, encode_error, encode_reply
from .session import Session
from .warmup import WarmUp


class Dispatcher:
    """Answers the page's requests with one session's methods (see protocol.METHODS)."""

    def __init__(self, session: Session, about: Mapping[str, object] | None = None) -> None:
        """``about``: what ``ping`` reports besides the protocol (the worker adds how Python
        started), so that no request is parsed anywhere but in :meth:`Request.parse`, behind
        its size and depth guard."""
        self.session = session
        self._pong = {"pong": True, "protocol": PROTOCOL, **(about or {})}
        self._methods: dict[str, Callable[..., Any]] = {
            name: getattr(session, "snapshot" if name == "state" else name) for name in METHODS
        }
        self._warm_up = WarmUp(lambda: Dispatcher(Session()).handle)

    def handle(self, request_json: str) -> str:
        try:
            request = Request.parse(request_json)
            if request.method == "ping":
                return encode_reply(self._pong)
            if request.method == "version":
                return encode_reply({"version": __version__})
            if request.method == "warm_up":
                if request.params:
                    raise RequestError("warm_up takes no parameters")
                return encode_reply(self._warm_up.step(self.session.bot_names))
            method = self._methods.get(request.method)
            if method is None:
                raise RequestError(f"unknown method {request.method!r}")
            reply = method(**request.params)
        except SevenRocksError as error:
            return encode_error(type(error).__name__, str(error))
        except TypeError as error:  # a parameter the method does not take
            return encode_error("RequestError", str(error))
        except Exception as error:
            return encode_error("InternalError", f"{type(error).__name__}: {error}")
        try:
            return encode_reply(reply)
        except ValueError:  # NaN or infinity somewhere: the page could not parse the reply
            return encode_error(
                "InternalError", f"the reply to {request.method} holds a number JSON cannot carry"
            )
