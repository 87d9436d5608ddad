"""How often one client may create matches and guess codes: counted by Flask-Limiter, per
client address after the trusted proxies, in a storage that several workers can share."""
from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest
from flask_limiter import Limiter
from flask_migrate import upgrade

from referee import create_app, store
from tests.conftest import database_url
from tests.web.test_pages import csrf, new_match

PONTIS = {"game": "pontis", "players": ["Ann", "Ben"]}


def app_with(tmp_path, **config):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url(tmp_path),
                      "SECRET_KEY": "limits-test", **config})
    with app.app_context():
        upgrade()
    return app


def from_address(app, address: str):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def create(client, headers=None) -> int:
    return client.post("/api/matches", json=PONTIS, headers=headers or {}).status_code


def guess(client, code="ABCDEF", headers=None) -> int:
    token = csrf(client.get("/join").get_data(as_text=True))
    return client.post("/join", data={"csrf_token": token, "code": code}, headers=headers or {}).status_code


def test_the_limits_are_counted_by_flask_limiter(app, client):
    (limiter,) = app.extensions["limiter"]
    assert isinstance(limiter, Limiter) and type(limiter.storage).__name__ == "MemoryStorage"
    app.config["MATCH_CREATION_LIMIT"] = 2
    assert [create(client) for _ in range(3)] == [201, 201, 429]
    limiter.reset()  # the counts are in Flask-Limiter's storage: clearing it clears them
    assert create(client) == 201


def test_new_matches_from_the_form_the_api_and_imports_share_one_limit_per_address(app, client):
    app.config["MATCH_CREATION_LIMIT"] = 3
    assert new_match(client).status_code == 302
    first = client.post("/api/matches", json=PONTIS).get_json()
    exported = client.get(f"/api/matches/{first['id']}/export.json").get_json()
    assert client.post("/api/matches/import", json=exported).status_code == 201
    refused = client.post("/api/matches/import", json=exported)
    assert refused.status_code == 429 and refused.get_json()["error"]["rule"] == "RATE"
    page = new_match(client)
    assert page.status_code == 429 and "Too many new matches" in page.get_data(as_text=True)
    assert create(from_address(app, "198.51.100.7")) == 201


def test_code_guessing_is_limited_per_address_for_typed_codes_and_links(app, client, api):
    app.config["JOIN_LIMIT"] = 3
    match = api.create()
    assert guess(client) == 422
    assert client.get(f"/m/{match['id']}/join/ABCDEFGHJK").status_code == 403  # a guessed code in a link
    assert guess(client) == 422
    refused = client.post("/join", data={"csrf_token": csrf(client.get("/join").get_data(as_text=True)),
                                         "code": "ABCDEF"})
    assert refused.status_code == 429 and "Too many tries" in refused.get_data(as_text=True)
    assert client.get(f"/m/{match['id']}/join/ABCDEFGHJK").status_code == 429
    # Even the right code waits: the limit counts tries, not wrong ones.
    viewer_code = store_viewer_code(app, match["id"])
    assert guess(client, viewer_code) == 429
    assert guess(from_address(app, "198.51.100.8"), viewer_code) == 302


def store_viewer_code(app, match_id: str) -> str:
    with app.app_context():
        return store.get_match(match_id).viewer_code


def test_a_limit_opens_again_when_its_window_has_passed(app, client):
    app.config.update(JOIN_LIMIT=2, JOIN_WINDOW=1)
    assert [guess(client) for _ in range(3)] == [422, 422, 429]
    time.sleep(1.1)
    assert guess(client) == 422


def test_without_trusted_proxies_a_forwarded_address_changes_nothing(app, client):
    app.config["MATCH_CREATION_LIMIT"] = 2
    spoofed = [create(client, {"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(3)]
    assert spoofed == [201, 201, 429]


def test_behind_one_proxy_each_client_is_counted_by_its_forwarded_address(tmp_path):
    app = app_with(tmp_path, PROXY_COUNT=1, MATCH_CREATION_LIMIT=2)
    proxy = app.test_client()  # every request arrives from the proxy's one address
    ann, ben = {"X-Forwarded-For": "203.0.113.1"}, {"X-Forwarded-For": "203.0.113.2"}
    assert [create(proxy, ann) for _ in range(3)] == [201, 201, 429]
    assert [create(proxy, ben) for _ in range(3)] == [201, 201, 429]
    # Only the address the nearest proxy saw counts: one a client wrote itself is ignored.
    assert create(proxy, {"X-Forwarded-For": "198.51.100.9, 203.0.113.1"}) == 429


@pytest.fixture
def redis_uri(tmp_path):
    """A Redis server of this test's own on a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
                               "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline and server.poll() is None, "redis-server did not start"
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    server.terminate()
    server.wait(timeout=10)


def test_workers_that_share_a_storage_uri_share_the_limit(tmp_path, redis_uri):
    # Two app instances stand for two gunicorn workers (or two replicas).
    first = app_with(tmp_path, MATCH_CREATION_LIMIT=3, RATELIMIT_STORAGE_URI=redis_uri)
    second = app_with(tmp_path, MATCH_CREATION_LIMIT=3, RATELIMIT_STORAGE_URI=redis_uri)
    a, b = first.test_client(), second.test_client()
    assert [create(a), create(b), create(a), create(b), create(a)] == [201, 201, 201, 429, 429]
    # With the default storage in memory, each worker counts on its own.
    alone = [app_with(tmp_path, MATCH_CREATION_LIMIT=3).test_client() for _ in range(2)]
    assert [create(alone[0]), create(alone[1]), create(alone[0]), create(alone[1])] == [201] * 4
    store.clear_cache()


def test_the_storage_uri_comes_from_the_environment(tmp_path, redis_uri, monkeypatch):
    monkeypatch.setenv("REFEREE_RATELIMIT_STORAGE_URI", redis_uri)
    app = app_with(tmp_path)
    (limiter,) = app.extensions["limiter"]
    assert type(limiter.storage).__name__ == "RedisStorage" and limiter.storage.check()


@pytest.fixture
def unreachable_storage_app(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    return app_with(tmp_path, MATCH_CREATION_LIMIT=1, RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{closed}/0")


def test_an_unreachable_storage_limits_nothing_and_says_so(unreachable_storage_app, caplog):
    client = unreachable_storage_app.test_client()
    assert [create(client) for _ in range(2)] == [201, 201]
    assert "rate limit storage cannot be reached: match-creation was not counted" in caplog.text
