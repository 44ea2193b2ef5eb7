"""A private network namespace with loopback alone, for tests that run network services.

Ray publishes the machine's own address even when told 127.0.0.1, and tests may talk to
loopback only: inside a namespace of its own, loopback is the only interface there is,
so nothing a test starts there can reach, or be reached from, any other address.

The namespace lives as long as its holder (a ``sleep`` started by ``unshare -n``);
commands join it with ``nsenter``.  Every process in it was started by the test, so
:meth:`Namespace.close` ends exactly those, found by the namespace they are in, never by
name (other Ray clusters on the machine are left alone).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: Seconds processes get to end on SIGTERM before they are killed (Ray's servers take
#: longer than that; a test's cluster has nothing to save).
_GRACE = 2.0
#: Seconds for killed processes to be gone.
_KILLED = 10.0


class Namespace:
    """A loopback-only network namespace; :meth:`close` ends everything started in it."""

    def __init__(self) -> None:
        self._holder = subprocess.Popen(
            ["unshare", "-n", "sh", "-c", "ip link set lo up && echo up && exec sleep infinity"],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._holder.stdout is not None
        if self._holder.stdout.readline().strip() != "up":
            self._holder.kill()
            raise RuntimeError("unshare -n could not bring up loopback in a new namespace")
        self.link = os.readlink(f"/proc/{self._holder.pid}/ns/net")

    def command(self, argv: Sequence[str]) -> list[str]:
        """``argv`` as a command run inside the namespace."""
        return ["nsenter", "-t", str(self._holder.pid), "-n", *argv]

    def run(self, argv: Sequence[str], **options: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.command(argv), text=True, **options)

    def popen(self, argv: Sequence[str], **options: Any) -> subprocess.Popen[str]:
        return subprocess.Popen(self.command(argv), text=True, **options)

    def processes(self) -> list[int]:
        """The processes in the namespace other than its holder."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == self._holder.pid:
                continue
            try:
                if os.readlink(entry / "ns" / "net") == self.link:
                    found.append(int(entry.name))
            except OSError:  # ended meanwhile, or not ours to read
                continue
        return found

    def close(self) -> list[int]:
        """End every process in the namespace, then the namespace; returns the processes
        still there after SIGKILL (none, unless one cannot be killed)."""
        for sig, wait in ((signal.SIGTERM, _GRACE), (signal.SIGKILL, _KILLED)):
            for pid in self.processes():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, sig)
            deadline = time.monotonic() + wait
            while self.processes() and time.monotonic() < deadline:
                time.sleep(0.05)
            if not self.processes():
                break
        left = self.processes()
        self._holder.kill()
        self._holder.wait()
        return left
