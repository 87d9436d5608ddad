"""Serving the table from a laptop: `make run HOST=0.0.0.0` as the README says, reached by a
phone through another address of the machine; links and QR codes name the address the phone
used; X-Forwarded-* headers count only behind a configured number of proxies."""
from __future__ import annotations

import contextlib
import fcntl
import http.cookiejar
import ipaddress
import json as jsonlib
import os
import re
import signal
import socket
import struct
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import segno

from referee.web.pages import qr_svg
from tests.web.test_pages import match_id, new_match

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen) -> None:
    """Stop a process started in its own session, and everything it started."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


class Answer:
    """An HTTP answer, read like a Flask test client's response."""

    def __init__(self, status: int, headers, body: bytes):
        self.status_code, self.headers, self.data = status, headers, body

    def get_data(self, as_text: bool = False):
        return self.data.decode() if as_text else self.data

    def get_json(self):
        return jsonlib.loads(self.data)


class _KeepRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    """A phone's browser talking to a real server: it keeps its cookies and, like Flask's test
    client, answers a redirect instead of following it."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _KeepRedirects())

    def request(self, method: str, path: str, data: dict | None = None, json=None,
                headers: dict | None = None) -> Answer:
        url = path if path.startswith("http") else self.base + path
        headers = dict(headers or {})
        body = None
        if json is not None:
            body, headers["Content-Type"] = jsonlib.dumps(json).encode(), "application/json"
        elif data is not None:
            body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(url, data=body, headers=headers, method=method)
        try:
            with self.opener.open(request, timeout=10) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as answer:
            return Answer(answer.code, answer.headers, answer.read())

    def get(self, path: str, **kwargs) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs) -> Answer:
        return self.request("POST", path, **kwargs)


def make(tmp_path, target: str, port: int, *variables: str) -> tuple[subprocess.Popen, Path]:
    """`make run` or `make serve` as a person types it in a terminal of the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'table.sqlite3'}", SECRET_KEY="serving-test")
    log = tmp_path / "terminal.log"
    with log.open("w") as out:
        process = subprocess.Popen(["make", target, f"PORT={port}", *variables], cwd=ROOT, env=env,
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    wait_until_answering(f"http://127.0.0.1:{port}/healthz", process, f"make {target}", seconds=90, log=log)
    return process, log


def wait_until_answering(url: str, process: subprocess.Popen, what: str, seconds: float,
                         log: Path | None = None) -> None:
    """Look at ``url`` every 0.05 s until it answers 200: the server that ``process`` started is
    up. If the process ends first or ``seconds`` pass, stop it and fail with the tail of its
    output (``log``)."""
    deadline = time.monotonic() + seconds
    while not answers(url):
        if process.poll() is not None or time.monotonic() > deadline:
            ended = process.poll()
            stop(process)
            why = f"stopped ({ended})" if ended is not None else f"did not answer within {seconds} s"
            raise AssertionError(f"{what} {why}:\n{log.read_text()[-4000:] if log else ''}")
        time.sleep(0.05)


def answers(url: str) -> bool:
    try:
        return Phone("").get(url).status_code == 200
    except OSError:
        return False


@contextlib.contextmanager
def served(tmp_path, *variables: str, target: str = "run"):
    port = free_port()
    process, log = make(tmp_path, target, port, *variables)
    try:
        yield port, log
    finally:
        stop(process)


def logged(log: Path, text: str) -> str:
    """The terminal's output once it shows `text` (a server logs a request just after answering it)."""
    deadline = time.monotonic() + 10
    while text not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    return log.read_text()


def machine_addresses() -> set[str]:
    """The IPv4 address of every network interface of this machine (Linux)."""
    found = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _index, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                answer = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))  # SIOCGIFADDR
                found.add(socket.inet_ntoa(answer[20:24]))
    return found


def terminal_modules(output: str) -> list[list[int]]:
    """The QR code drawn in the terminal, read back as rows of modules (1 dark, 0 light): each
    "▀" is two modules, its colour in front above its colour behind (16 black, 231 white)."""
    rows = []
    for line in output.splitlines():
        if "▀" not in line:
            continue
        upper, lower, colours = [], [], None
        for token in re.finditer(r"\x1b\[38;5;(\d+);48;5;(\d+)m|\x1b\[0m|(▀)", line):
            if token.group(1):
                colours = (token.group(1) == "16", token.group(2) == "16")
            elif token.group(3):
                upper.append(int(colours[0]))
                lower.append(int(colours[1]))
        rows += [upper, lower]
    return rows


def without_quiet_zone(rows: list[list[int]]) -> list[list[int]]:
    dark = [(r, c) for r, row in enumerate(rows) for c, module in enumerate(row) if module]
    top, bottom = min(r for r, _ in dark), max(r for r, _ in dark)
    left, right = min(c for _, c in dark), max(c for _, c in dark)
    return [row[left:right + 1] for row in rows[top:bottom + 1]]


def shows_qr_code_of(output: str, url: str) -> bool:
    drawn = without_quiet_zone(terminal_modules(output))
    return any(drawn == [list(row) for row in segno.make(url, error=level).matrix_iter(border=0)]
               for level in "lmqh")


def test_make_run_on_every_address_serves_the_phones_at_the_table(tmp_path):
    with served(tmp_path, "HOST=0.0.0.0") as (port, log):
        output = log.read_text()
        printed = re.search(r"Phones on the same Wi-Fi open:\s+(\S+)", output).group(1)
        host = urllib.parse.urlsplit(printed).hostname
        assert printed == f"http://{host}:{port}/"
        assert not ipaddress.ip_address(host).is_loopback and host in machine_addresses()
        assert shows_qr_code_of(output, printed)

        # A phone reaches the laptop by another of its addresses, and starts a match there.
        base = f"http://127.0.0.2:{port}"
        phone = Phone(base)
        assert phone.get("/").status_code == 200
        created = new_match(phone)
        assert created.status_code == 302
        mid = match_id(created)
        page = phone.get(f"/m/{mid}").get_data(as_text=True)
        links = re.findall(r'class="link (?:viewer|scorer)-link" href="([^"]+)"', page)
        assert links[0] == f"{base}/m/{mid}" and links[1].startswith(f"{base}/m/{mid}/join/")
        assert "127.0.0.1" not in page
        for link in links:
            assert qr_svg(link) in page  # the QR code's payload is that very link

        # The API names the address it was reached by too.
        answer = phone.post("/api/matches", json={"game": "pontis", "players": ["Ann", "Ben"]}).get_json()
        assert all(link.startswith(f"{base}/") for link in answer["links"].values())

        # A second phone scans the scorer link and may enter.
        second = Phone(base)
        assert second.get(links[1]).status_code == 302
        assert 'class="entry"' in second.get(f"/m/{mid}").get_data(as_text=True)

        # The terminal logs the scorer link's route, never its token.
        token = links[1].rsplit("/", 1)[1]
        output = logged(log, f"GET /m/{mid}/join/*** HTTP/1.1")
        assert f"GET /m/{mid}/join/*** HTTP/1.1" in output and token not in output


def test_make_serve_logs_scorer_links_without_their_token(tmp_path):
    with served(tmp_path, target="serve") as (port, log):
        phone = Phone(f"http://127.0.0.1:{port}")
        match = phone.post("/api/matches", json={"game": "pontis", "players": ["Ann", "Ben"]}).get_json()
        assert phone.get(match["links"]["scorer"]).status_code == 302
        output = logged(log, f"GET /m/{match['id']}/join/*** HTTP/1.1")
    assert f"GET /m/{match['id']}/join/*** HTTP/1.1" in output  # gunicorn's access log
    assert match["scorer_token"] not in output


def test_make_run_without_host_serves_only_this_computer(tmp_path):
    with served(tmp_path) as (port, log):
        assert Phone(f"http://127.0.0.1:{port}").get("/").status_code == 200
        logged(log, "Stop with Ctrl+C")
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.2", port), timeout=5).close()
        output = log.read_text()
        assert "make run HOST=0.0.0.0" in output and "Phones on the same Wi-Fi" not in output


def test_links_name_the_host_the_phone_used(client, api):
    match = api.create()
    page = client.get(f"/m/{match['id']}", headers={"Host": "192.168.1.40:5000"}).get_data(as_text=True)
    assert f'href="http://192.168.1.40:5000/m/{match["id"]}"' in page and "localhost" not in page


def test_forwarded_headers_count_only_behind_the_configured_proxies(tmp_path, client, api):
    forwarded = {"X-Forwarded-Host": "tables.example", "X-Forwarded-Proto": "https"}
    match = api.create()
    page = client.get(f"/m/{match['id']}", headers=forwarded).get_data(as_text=True)
    assert "tables.example" not in page and f'href="http://localhost/m/{match["id"]}"' in page

    from tests.web.test_limits import app_with

    proxied = app_with(tmp_path, PROXY_COUNT=1).test_client()
    created = proxied.post("/api/matches", json={"game": "pontis", "players": ["Ann", "Ben"]}, headers=forwarded)
    links = created.get_json()["links"]
    assert links["viewer"] == f"https://tables.example/m/{created.get_json()['id']}"
    assert links["scorer"].startswith("https://tables.example/")
