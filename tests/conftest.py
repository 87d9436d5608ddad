"""Fixtures shared by the web, PDF and browser tests: an app on a fresh, migrated database.

The database is SQLite in the test's temporary folder, or the PostgreSQL database named by
TEST_DATABASE_URL (`make test` runs the whole suite a second time that way).
"""
from __future__ import annotations

import os
import threading

import pytest
from flask_migrate import upgrade
from werkzeug.serving import make_server

from referee import create_app, store


def database_url(tmp_path) -> str:
    return os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_url(tmp_path),
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": True,
    })
    with app.app_context():
        upgrade()
    store.clear_cache()
    yield app
    store.clear_cache()


@pytest.fixture
def client(app):
    return app.test_client()


class Api:
    """A thin JSON client for the action API, as a script at the table would use it."""

    def __init__(self, client):
        self.client = client

    def create(self, game="pontis", players=("Ann", "Ben", "Cat"), settings=None, mode="play", **extra):
        body = {"game": game, "players": list(players), "settings": settings or {}, "mode": mode, **extra}
        response = self.client.post("/api/matches", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def act(self, match, action, token=None, status=200):
        token = match["scorer_token"] if token is None else token
        response = self.client.post(f"/api/matches/{match['id']}/actions", json=action,
                                    headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == status, (action, response.get_json())
        return response.get_json()

    def state(self, match):
        return self.client.get(f"/api/matches/{match['id']}").get_json()


@pytest.fixture
def api(client):
    return Api(client)


class LiveServer(str):
    """The server's base URL, which can also stop the server (to test a phone left offline)."""

    server = None
    thread = None

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join(timeout=5)


@pytest.fixture
def live_server(tmp_path):
    """The app served from a thread on 127.0.0.1, for browsers and concurrent clients."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(tmp_path),
                      "SECRET_KEY": "live-server-test"})
    with app.app_context():
        upgrade()
    store.clear_cache()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    live = LiveServer(f"http://127.0.0.1:{server.server_port}")
    live.server, live.thread = server, thread
    yield live
    live.stop()
    server.server_close()
