"""Crash safety: the real server (gunicorn, SQLite) killed with SIGKILL mid-stream loses no
acknowledged entry, and the log replays after a restart."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.web.test_concurrency import get, post
from tests.web.test_serving import free_port, wait_until_answering

ROOT = Path(__file__).resolve().parents[2]


def start_server(env, port) -> subprocess.Popen:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    process = subprocess.Popen(
        [str(gunicorn), "--workers", "2", "--bind", f"127.0.0.1:{port}", "referee:create_app()"],
        cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until_answering(f"http://127.0.0.1:{port}/healthz", process, "gunicorn", seconds=30)
    return process


def test_sigkill_mid_stream_loses_no_acknowledged_entry(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'crash.sqlite3'}", "SECRET_KEY": "crash-test"}
    subprocess.run([str(Path(sys.executable).with_name("flask")), "--app", "referee", "db", "upgrade"],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(env, port)
    try:
        status, match = post(f"{base}/api/matches", {"game": "pontis", "players": ["Ann", "Ben", "Cat"]})
        assert status == 201
        url = f"{base}/api/matches/{match['id']}/actions"
        token = match["scorer_token"]
        acknowledged: list[int] = []
        stop = threading.Event()

        def stream():
            # Deal, then alternate reveal-like legal entries: misses are always legal in play.
            script = [{"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
                      {"type": "reveal", "card": "9h"}, {"type": "play", "card": "4c"},
                      {"type": "reveal", "card": "Qh"}]
            n = 0
            while not stop.is_set():
                action = script[n] if n < len(script) else {"type": "miss" if n % 2 else "undo"}
                try:
                    status, body = post(url, {**action, "id": f"entry-{n}"}, token)
                except Exception:  # noqa: BLE001  (the server died under us)
                    return
                if status == 200:
                    acknowledged.append(body["seq"])
                n += 1

        writer = threading.Thread(target=stream)
        writer.start()
        # Killed mid-stream, once the stream has run a while: the undo and miss cycle under way.
        deadline = time.monotonic() + 30
        while len(acknowledged) < 30 and writer.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)
        os.killpg(server.pid, signal.SIGKILL)
        stop.set()
        writer.join(timeout=30)
        server.wait(timeout=10)
        assert len(acknowledged) >= 30

        server = start_server(env, port)
        log = get(f"{base}/api/matches/{match['id']}/log")
        seqs = [e["seq"] for e in log]
        assert set(acknowledged) <= set(seqs)
        assert seqs == list(range(1, len(seqs) + 1))
        state = get(f"{base}/api/matches/{match['id']}")
        assert state["seq"] == len(seqs) and state["phase"] in ("play", "sum")
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
