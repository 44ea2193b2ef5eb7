"""The worker's one door: a JSON request in, a JSON reply out, for one :class:`Session`.

The worker entry (``web/worker.py``) owns the one session and its dispatcher; nothing here is
a module-level singleton, so tests make as many as they like. A request is answered from the
table :data:`.methods.METHODS`: its parameters are checked against the method's description
first (:func:`.requests.read_params`), so a malformed request comes back as a
``RequestError`` naming the field, and the handler is called only with parameters it takes.
Errors the user can cause (a bad request, an illegal move, a corrupt record) come back as
``{"error": {...}}``; anything else raised is a bug in the worker: it comes back as an
``InternalError`` that says so, and its traceback goes to the console (standard error).

Besides the session's methods it answers ``ping``, ``version`` and ``warm_up`` (one move of a
scratch game in a copy of this door, :mod:`.warmup`: the page asks for a few dozen while a new
table is first shown, so the browser's WebAssembly compiler does its work then).

>>> import json
>>> door = Dispatcher(Session())
>>> json.loads(door.handle('{"method": "play", "params": {"move": "6-6"}}'))["error"]["type"]
'RequestError'
"""

from __future__ import annotations

import traceback
from collections.abc import Mapping

from .. import __version__
from ..engine.errors import SevenRocksError
from .methods import METHODS, Method
from .protocol import PROTOCOL, Request, RequestError, encode_error, encode_reply
from .replies import Pong, VersionReply, WarmUpReply
from .requests import read_params
from .session import Session
from .warmup import WarmUp


class Dispatcher:
    """Answers the page's requests with one session's methods (see :data:`METHODS`)."""

    def __init__(self, session: Session, about: Mapping[str, str] | None = None) -> None:
        """``about``: what ``ping`` reports besides the protocol (the worker adds how Python
        started), so that no request is parsed anywhere but in :meth:`Request.parse`, behind
        its size and depth guard."""
        self.session = session
        self._pong: Pong = {"pong": True, "protocol": PROTOCOL}
        if about is not None:
            self._pong.update(about)  # type: ignore[typeddict-item]
        self._warm_up = WarmUp(lambda: Dispatcher(Session()).handle)

    def handle(self, request_json: str) -> str:
        """Answer one request (see the module's docstring for what comes back when)."""
        method = "a request"
        try:
            request = Request.parse(request_json)
            method = request.method
            reply = self._answer(request)
        except SevenRocksError as error:
            return encode_error(type(error).__name__, str(error))
        except Exception as error:
            traceback.print_exc()
            return encode_error(
                "InternalError", f"a bug in the engine while answering {method}: {error!r}"
            )
        try:
            return encode_reply(reply)
        except ValueError:  # NaN or infinity somewhere: the page could not parse the reply
            return encode_error(
                "InternalError", f"the reply to {method} holds a number JSON cannot carry"
            )

    def _answer(self, request: Request) -> object:
        described: Method | None = METHODS.get(request.method)
        if described is None:
            raise RequestError(f"unknown method {request.method!r}")
        params = read_params(request.method, described.params, request.params)
        if described.handler is not None and described.stateless:
            return described.handler(**params)
        if described.handler is not None:
            return described.handler(self.session, **params)
        return self._door(request.method)

    def _door(self, method: str) -> Pong | VersionReply | WarmUpReply:
        """The requests the door answers itself, about the worker rather than the game."""
        if method == "ping":
            return self._pong
        if method == "version":
            return {"version": __version__}
        assert method == "warm_up"
        return self._warm_up.step(self.session.bot_names)
