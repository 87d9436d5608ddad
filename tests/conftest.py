"""Fixtures shared by the web, PDF and browser tests: an app on a fresh, migrated database.

The database is SQLite in the test's temporary folder, or the PostgreSQL database named by
TEST_DATABASE_URL (`make test` runs the whole suite a second time that way). Each pytest-xdist
worker makes a database of its own on that server (``database_of_worker``).

Three things are done once per test process (once per pytest-xdist worker) instead of once per
test, and none changes what a test sees:

- the migrations run once, into a template SQLite file; each test's database is a fresh copy of
  it in the test's own folder: the same schema at the same revision that ``flask db upgrade``
  gave each test before. (On TEST_DATABASE_URL every test still runs the upgrade.)
- the templates one app compiles are kept, compiled, for the next app (Jinja's bytecode cache).
  Each compiled template is stored with the checksum of its source and compiled again when the
  source differs; every app made here builds the same Jinja environment.
- the URL builders Werkzeug compiles for each route of a new app (two small Python functions per
  route, written as syntax trees and compiled: most of what ``create_app`` costs) are kept and
  bound to the same route of the next app. A builder depends only on the route's text, defaults
  and host matching, which are its key.
"""
from __future__ import annotations

import fnmatch
import os
import shutil
import socket
import sqlite3
import threading
from pathlib import Path

import pytest
from flask import Flask
from flask_migrate import upgrade
from jinja2 import BytecodeCache
from werkzeug.routing import Rule
from werkzeug.serving import make_server

from referee import create_app, store
from referee.app import tune_collector

# Test files that take many seconds: thousands of fuzzed requests, a wheel installed into a new
# virtual environment, simulated evenings of play, servers started and stopped. `make test-fast`
# hands whole files to pytest-xdist workers (--dist loadfile: a file's tests run in one process,
# in their order, as in a single run) in the collected order (--no-loadscope-reorder); under
# xdist these files are collected first, longest first, so the many short files fill in around
# them and no worker is left running a long one alone at the end. Only the order changes; a
# pattern that no longer matches a file costs nothing.
LONG_FIRST = ("tests/*test_wheel.py", "tests/*test_curdle_playthrough.py", "tests/*test_long_match.py",
              "tests/*test_snapshots.py", "tests/*playthrough*.py", "tests/*test_fuzz.py", "tests/*test_serving.py",
              "tests/pdf/test_pads.py", "tests/*test_crash.py", "tests/*test_form_fuzz.py", "tests/*test_hardening.py")


def pytest_collection_modifyitems(config, items) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return  # one process: the usual order

    def rank(item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return next((n for n, pattern in enumerate(LONG_FIRST) if fnmatch.fnmatch(path, pattern)), len(LONG_FIRST))

    items.sort(key=rank)  # stable: a file's tests stay together and in their order


_compile_builder = Rule._compile_builder
_builders: dict[tuple, object] = {}


def _shared_builder(self: Rule, append_unknown: bool = True):
    key = (self.rule, self.subdomain, self.host, self.map.host_matching, self.merge_slashes,
           tuple(self._trace), tuple(sorted((name, repr(value)) for name, value in (self.defaults or {}).items())),
           tuple(sorted((name, type(converter)) for name, converter in self._converters.items())), append_unknown)
    builder = _builders.get(key)
    if builder is None:
        builder = _builders[key] = _compile_builder(self, append_unknown)
    return builder  # a plain function: Rule.compile binds it to the rule it builds for


Rule._compile_builder = _shared_builder  # type: ignore[method-assign]


def pytest_collection_finish(session) -> None:
    # The game tests build millions of small frozen objects. Each full pass of the cyclic
    # garbage collector also walked every module, class and function imported so far (Flask,
    # SQLAlchemy, ReportLab, Hypothesis, the tests), which never become garbage: they are set
    # aside now, as a serving process sets aside its own when its first app is built.
    tune_collector()


def pytest_configure(config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and os.environ.get("TEST_DATABASE_URL"):
        os.environ["TEST_DATABASE_URL"] = database_of_worker(os.environ["TEST_DATABASE_URL"], worker)


def database_of_worker(url: str, worker: str) -> str:
    """A database of this pytest-xdist worker's own, made empty on the server of ``url``: each
    test migrates the database it is given and expects to find only its own matches there."""
    from sqlalchemy import create_engine, make_url, text
    given = make_url(url)
    name = f"{given.database or 'referee'}_{worker}"
    server = create_engine(given, isolation_level="AUTOCOMMIT")
    try:
        with server.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        server.dispose()
    return given.set(database=name).render_as_string(hide_password=False)


def database_url(tmp_path) -> str:
    return os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory) -> Path | None:
    """A SQLite file brought to the newest revision by ``flask db upgrade``, once per test
    process; None when the tests run on TEST_DATABASE_URL."""
    if os.environ.get("TEST_DATABASE_URL"):
        return None
    path = tmp_path_factory.mktemp("migrated") / "test.sqlite3"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "migrated-template"})
    with app.app_context():
        upgrade()
        store.db.engine.dispose()
    # Everything in the one file (nothing left in a write-ahead log), so a copy of it is whole.
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return path


def migrate(app: Flask, tmp_path, template: Path | None) -> None:
    """The app's database at the newest revision: a copy of the migrated template when it is a
    new SQLite file in tmp_path, else ``flask db upgrade`` on it."""
    target = tmp_path / "test.sqlite3"
    if template is not None and app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{target}" \
            and not target.exists():
        shutil.copyfile(template, target)
        return
    with app.app_context():
        upgrade()


class CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory for the next app of this process. A bucket is keyed by
    the template's name and file, and Jinja ignores its code when the checksum of the source it
    was compiled from differs from the source's now."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


# One cache per kind of Jinja environment: what the compiled code depends on.
_compiled: dict[tuple, CompiledTemplates] = {}


def share_compiled_templates(app: Flask) -> None:
    env = app.jinja_env
    kind = (tuple(sorted(env.extensions)), getattr(env, "newstyle_gettext", None), tuple(sorted(env.filters)),
            tuple(sorted(env.tests)), env.autoescape is True, callable(env.autoescape), env.optimized,
            env.finalize, env.undefined, env.keep_trailing_newline, env.trim_blocks, env.lstrip_blocks,
            env.newline_sequence, env.block_start_string, env.block_end_string, env.variable_start_string,
            env.variable_end_string, env.comment_start_string, env.comment_end_string,
            env.line_statement_prefix, env.line_comment_prefix)
    env.bytecode_cache = _compiled.setdefault(kind, CompiledTemplates())


@pytest.fixture
def app(tmp_path, migrated_sqlite):
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_url(tmp_path),
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": True,
    })
    migrate(app, tmp_path, migrated_sqlite)
    share_compiled_templates(app)
    store.clear_cache()
    yield app
    store.clear_cache()
    close_connections(app)


def close_connections(app: Flask) -> None:
    """The app's database connections closed when its test ends, not whenever the garbage
    collector finds the app (PostgreSQL has room for a hundred)."""
    with app.app_context():
        store.db.engine.dispose()


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


class PhoneLine:
    """The phones' way to the server, which a test can cut as a lost Wi-Fi would.

    While it is cut, every request from a browser has its connection dropped before an answer,
    so nothing a phone sends is entered, whatever the browser's own offline switch lets through
    (Chromium's does not reliably hold back a page its service worker serves). The test's own
    requests (urllib) still reach the server, so it can read the log meanwhile."""

    def __init__(self, app) -> None:
        self.app = app
        self.is_cut = False

    def __call__(self, environ, start_response):
        if self.is_cut and "Mozilla" in environ.get("HTTP_USER_AGENT", ""):
            environ["werkzeug.socket"].shutdown(socket.SHUT_RDWR)
            raise ConnectionResetError("the phone's network is cut")  # werkzeug drops it quietly
        return self.app(environ, start_response)


class LiveServer(str):
    """The server's base URL, which can also stop the server (to test a phone left offline) or
    cut the phones' way to it (``line.is_cut``)."""

    server = None
    thread = None
    line: PhoneLine

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join(timeout=5)


@pytest.fixture
def live_server(tmp_path, migrated_sqlite):
    """The app served from a thread on 127.0.0.1, for browsers and concurrent clients."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(tmp_path),
                      "SECRET_KEY": "live-server-test"})
    migrate(app, tmp_path, migrated_sqlite)
    share_compiled_templates(app)
    store.clear_cache()
    line = PhoneLine(app)
    server = make_server("127.0.0.1", 0, line, threaded=True)
    # Stopping waits for the server's next look at its flag: every 50 ms, not every 500.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    live = LiveServer(f"http://127.0.0.1:{server.server_port}")
    live.server, live.thread, live.line = server, thread, line
    yield live
    live.stop()
    server.server_close()
    close_connections(app)
