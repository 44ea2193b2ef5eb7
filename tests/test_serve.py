"""``seven-rocks serve`` under hostile or heavy use: symlinks out of the site, malformed
requests, conditional requests, many clients at once, slow clients, a site rebuilt while
it is served. The site here is a few hand-made files (no build needed); tests/test_build.py
serves a real build."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from seven_rocks.site.output import MARKER
from seven_rocks.site.serve import SiteServer, serving
from seven_rocks.site.static import CONTENT_SECURITY_POLICY, HEADER_ONLY_POLICY, none_match

SECRET = b"root:x:0:0:secret outside the site\n"
PAGE = b"<!doctype html><title>Seven Rocks</title>" + b"<p>hello</p>" * 100
SCRIPT = b"export const answer = 42;\n" + b"// padding, so the copies are smaller\n" * 10
POLICY = f"{CONTENT_SECURITY_POLICY}; {HEADER_ONLY_POLICY}"
SEVEN_ROCKS = (
    sys.executable,
    "-c",
    "import sys, seven_rocks.cli; sys.exit(seven_rocks.cli.main())",
)
# Clients opened at once by the load tests (benchmarks/serve.py opens 1,000).
CLIENTS = 200


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder next to the site, holding a secret the server must never send."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "passwd").write_bytes(SECRET)
    return folder


@pytest.fixture
def site(tmp_path: Path, outside: Path) -> Path:
    root = tmp_path / "site"
    (root / "pyodide").mkdir(parents=True)
    (root / "index.html").write_bytes(PAGE)
    (root / "app.js").write_bytes(SCRIPT)
    (root / "pyodide" / "pyodide.mjs").write_text("export {};\n", encoding="utf-8")
    (root / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0")
    (root / "manifest.webmanifest").write_text("{}", encoding="utf-8")
    (root / "data.json").write_text("[]", encoding="utf-8")
    (root / MARKER).write_text('{"format": 1, "files": []}', encoding="utf-8")
    # Links inside the site: to a file outside, to a folder outside, to a file inside.
    (root / "passwd").symlink_to(outside / "passwd")
    (root / "etc").symlink_to(outside)
    (root / "home.html").symlink_to(root / "index.html")
    # A "compressed copy" of a real file that is a link out of the site.
    (root / "app.js.br").symlink_to(outside / "passwd")
    (root / "app.js.gz").write_bytes(b"not really gzip, but inside the site")
    return root


@pytest.fixture
def url(site: Path) -> Iterator[str]:
    with serving(site) as base:
        yield base


def _address(url: str) -> tuple[str, int]:
    host, port = urllib.parse.urlsplit(url).netloc.rsplit(":", 1)
    return host, int(port)


def _request(
    url: str, path: str, method: str = "GET", **headers: str
) -> tuple[int, http.client.HTTPMessage, bytes]:
    connection = http.client.HTTPConnection(*_address(url), timeout=10)
    try:
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def _raw(url: str, data: bytes) -> bytes:
    """Send bytes as they are and read until the server closes the connection."""
    with socket.create_connection(_address(url), timeout=10) as sock:
        sock.sendall(data)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


def _assert_site_headers(headers: http.client.HTTPMessage) -> None:
    assert headers["Content-Security-Policy"] == POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["Cross-Origin-Resource-Policy"] == "same-origin"
    assert headers["Cache-Control"] == "no-cache"
    assert headers["Server"] is None


def test_no_byte_from_outside_the_site_is_served(url: str) -> None:
    for path in (
        "/passwd",
        "/etc/passwd",
        "/etc/",
        "/../outside/passwd",
        "/%2e%2e/outside/passwd",
        "/pyodide/../../outside/passwd",
        "//etc/passwd",
        "/etc%2fpasswd",
    ):
        for coding in ("identity", "br", "gzip, br"):
            status, headers, body = _request(url, path, **{"Accept-Encoding": coding})
            assert status in (400, 404), (path, status)
            assert SECRET not in body, path
            _assert_site_headers(headers)
    # A link to a file inside the site is fine.
    status, _, body = _request(url, "/home.html")
    assert (status, body) == (200, PAGE)


def test_a_compressed_copy_linking_out_of_the_site_is_never_sent(url: str) -> None:
    status, headers, body = _request(url, "/app.js", **{"Accept-Encoding": "br"})
    assert (status, headers["Content-Encoding"]) == (200, None)
    assert body == SCRIPT
    # The copy inside the site is still offered.
    status, headers, body = _request(url, "/app.js", **{"Accept-Encoding": "br, gzip"})
    assert (headers["Content-Encoding"], body) == ("gzip", b"not really gzip, but inside the site")
    assert _request(url, "/app.js.br")[0] == 404


def test_hidden_files_are_not_served(url: str) -> None:
    status, headers, body = _request(url, "/" + MARKER)
    assert status == 404 and b"format" not in body
    _assert_site_headers(headers)


def test_a_malformed_request_gets_the_security_headers(url: str) -> None:
    for request in (
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: many\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
    ):
        head, _, _ = _raw(url, request).partition(b"\r\n\r\n")
        status_line, *lines = head.decode("latin-1").split("\r\n")
        assert status_line.split()[1] in ("400", "501"), status_line
        headers = http.client.HTTPMessage()
        for line in lines:
            name, _, value = line.partition(":")
            headers[name] = value.strip()
        _assert_site_headers(headers)


def test_a_request_expecting_100_continue_is_answered_whole(url: str) -> None:
    """A request without a body has nothing to wait for: its answer comes at once, not a
    "100 Continue" and then nothing (the socket's timeout fails the test, never a sleep).
    A request with a body gets the "100 Continue" that asks for it, then its answer."""
    asked = b"GET /index.html HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n"
    for request in (asked + b"\r\n", asked + b"Content-Length: 0\r\n\r\n"):
        answer = _raw(url, request)
        assert answer.startswith(b"HTTP/1.1 200 OK\r\n") and PAGE in answer, answer[:200]
    with socket.create_connection(_address(url), timeout=10) as sock:
        sock.sendall(
            b"POST /index.html HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
            b"Content-Length: 4\r\nConnection: close\r\n\r\n"
        )
        assert sock.recv(65536) == b"HTTP/1.1 100 Continue\r\n\r\n"
        sock.sendall(b"body")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 405 "), answer[:200]


def test_no_header_names_the_server_software(url: str) -> None:
    _, headers, _ = _request(url, "/")
    assert headers["Server"] is None
    assert "python" not in str(headers).lower()


def test_content_types_the_browser_insists_on(url: str) -> None:
    expected = {
        "/": "text/html; charset=utf-8",
        "/app.js": "text/javascript; charset=utf-8",
        "/pyodide/pyodide.mjs": "text/javascript; charset=utf-8",
        "/pyodide/pyodide.asm.wasm": "application/wasm",
        "/manifest.webmanifest": "application/manifest+json",
        "/data.json": "application/json",
    }
    for path, content_type in expected.items():
        status, headers, _ = _request(url, path)
        assert (status, headers["Content-Type"]) == (200, content_type), path
        _assert_site_headers(headers)


def test_folders_index_and_redirects(url: str) -> None:
    status, _, body = _request(url, "/")
    assert (status, body) == (200, PAGE)
    # The page is also served under its own name (the service worker precaches it so).
    status, _, body = _request(url, "/index.html")
    assert (status, body) == (200, PAGE)
    status, headers, _ = _request(url, "/pyodide?seed=1")
    assert (status, headers["Location"]) == (301, "/pyodide/?seed=1")
    _assert_site_headers(headers)
    assert _request(url, "/pyodide/")[0] == 404  # no index.html there
    assert _request(url, "/no-such-file.js")[0] == 404


def test_head_sends_the_length_and_no_body(url: str) -> None:
    status, headers, body = _request(url, "/", method="HEAD")
    assert (status, body) == (200, b"")
    assert headers["Content-Length"] == str(len(PAGE))


def test_conditional_requests_follow_rfc_9110(url: str) -> None:
    _, headers, _ = _request(url, "/")
    etag = headers["ETag"]
    assert etag.startswith('"')
    for condition in (etag, f"W/{etag}", f'"other", {etag}', f'W/"x", W/{etag}', "*"):
        status, headers, body = _request(url, "/", **{"If-None-Match": condition})
        assert (status, body) == (304, b""), condition
        assert headers["ETag"] == etag
        _assert_site_headers(headers)
    for condition in ('"other"', 'W/"other"', etag.replace('"', "")):
        assert _request(url, "/", **{"If-None-Match": condition})[0] == 200, condition
    # Each coding has its own tag: the gzip copy's tag does not validate the plain file.
    _, gzipped, _ = _request(url, "/app.js", **{"Accept-Encoding": "gzip"})
    _, plain, _ = _request(url, "/app.js")
    assert gzipped["ETag"] != plain["ETag"]
    assert _request(url, "/app.js", **{"If-None-Match": gzipped["ETag"]})[0] == 200
    # A missing file never matches, not even "*".
    assert _request(url, "/missing.js", **{"If-None-Match": "*"})[0] == 404


def test_none_match() -> None:
    assert none_match('"a"', '"a"') and none_match('W/"a"', '"a"') and none_match("*", '"a"')
    assert none_match(' "b" , W/"a" ', '"a"')
    assert not none_match('"b"', '"a"') and not none_match("", '"a"') and not none_match("a", '"a"')


def test_many_simultaneous_requests_are_all_served(url: str) -> None:
    """Every client connects and sends its request before any answer is read."""
    request = b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    clients = [socket.create_connection(_address(url), timeout=10) for _ in range(CLIENTS)]
    try:
        for client in clients:
            client.sendall(request)
        for client in clients:
            received = b""
            while chunk := client.recv(65536):
                received += chunk
            assert received.startswith(b"HTTP/1.1 200 "), received[:80]
            assert received.endswith(PAGE)
    finally:
        for client in clients:
            client.close()


def test_slow_clients_do_not_stop_the_others(url: str) -> None:
    """Slowloris: connections that never finish their headers take no one's place."""
    slow = []
    try:
        for _ in range(CLIENTS):
            client = socket.create_connection(_address(url), timeout=10)
            client.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            slow.append(client)
        status, _, body = _request(url, "/")  # a 10 s timeout, far above a normal answer
        assert (status, body) == (200, PAGE)
    finally:
        for client in slow:
            client.close()


@pytest.mark.parametrize(
    "path",
    [
        "/index.html/",
        "/index.html/x",
        "/index.html/x/",
        "/app.js/index.html",
        "/index.html%2f",
        "/pyodide/pyodide.mjs/",
        "/" + "a" * 5000,
        "/" + "a" * 300 + "/",
        "/x" * 3000,
    ],
)
def test_a_path_under_a_file_or_too_long_is_a_404_without_a_traceback(
    url: str, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    status, headers, _ = _request(url, path)
    assert status == 404
    _assert_site_headers(headers)
    assert not [r for r in caplog.records if r.exc_info or r.levelname == "ERROR"]


def test_an_error_inside_the_app_is_a_500_and_one_log_line(
    url: str, site: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("seven_rocks.site.static._SiteFiles.find_file", broken)
    status, headers, body = _request(url, "/index.html")
    assert (status, body) == (500, b"Server error\n")
    _assert_site_headers(headers)
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == [
        "GET '/index.html': RuntimeError: disk on fire"
    ]
    assert not [r for r in caplog.records if r.exc_info]


def test_one_ready_event_takes_in_every_waiting_connection(site: Path) -> None:
    """A burst of clients is taken in at once, not one per turn of the loop (each turn
    polls every connection, so one at a time would keep the next client waiting)."""
    server = SiteServer(site, port=0)
    listener = server._listeners[0]
    clients = [socket.create_connection(_address(server.url), timeout=10) for _ in range(CLIENTS)]
    try:
        before = len(server._map)
        listener.handle_accept()
        assert len(server._map) - before == CLIENTS
        listener.handle_accept()  # nothing is waiting: returns at once
        assert len(server._map) - before == CLIENTS
    finally:
        for client in clients:
            client.close()
        server.stop()
        server.run()  # stopped: closes every connection and the listening socket


def test_a_folder_swapped_in_while_served_is_served_whole(site: Path, tmp_path: Path) -> None:
    """``seven-rocks build`` renames a new site into place; its files are read afresh."""
    with serving(site) as base:
        assert _request(base, "/app.js")[2] == SCRIPT
        new = tmp_path / "new"
        new.mkdir()
        (new / "app.js").write_text("export const answer = 'forty-two, rebuilt';\n")
        site.rename(tmp_path / "retired")
        new.rename(site)
        _, headers, body = _request(base, "/app.js")
        assert body == b"export const answer = 'forty-two, rebuilt';\n"
        assert headers["Content-Length"] == str(len(body))


def test_stopping_hangs_up_on_kept_alive_connections(site: Path) -> None:
    with serving(site) as base:
        connection = http.client.HTTPConnection(*_address(base), timeout=10)
        connection.request("GET", "/")
        assert connection.getresponse().read() == PAGE

    def ask_again() -> bytes:
        connection.request("GET", "/")
        return connection.getresponse().read()

    with pytest.raises((ConnectionError, http.client.HTTPException, OSError)):
        ask_again()
    connection.close()


def test_the_command_prints_its_url_serves_and_stops_on_ctrl_c(site: Path) -> None:
    command = [*SEVEN_ROCKS, "serve", str(site), "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"Serving {site} at http://127.0.0.1:"), line
        base = line.split(" at ", 1)[1].split()[0]
        status, headers, body = _request(base, "/")
        assert (status, body) == (200, PAGE)
        _assert_site_headers(headers)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
        assert process.stderr is not None
        assert "Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_command_refuses_a_folder_without_a_site(tmp_path: Path) -> None:
    result = subprocess.run(
        [*SEVEN_ROCKS, "serve", str(tmp_path), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "not a built site" in result.stderr
