"""The Flask app: settings, extensions, blueprints; templates and static files found in the
checkout or the installed wheel."""
from __future__ import annotations

import gc
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

PACKAGE = Path(__file__).parent
MIGRATIONS = PACKAGE / "migrations"


def shipped(folder: str) -> Path:
    """templates/ or static/: inside the package when installed from a wheel (the build puts
    them there), else at the top of the checkout, where they are kept."""
    installed = PACKAGE / folder
    return installed if installed.is_dir() else PACKAGE.parent / folder


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, template_folder=shipped("templates"), static_folder=shipped("static"),
                instance_relative_config=True)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.update(
        SQLALCHEMY_DATABASE_URI=_database_url(app),
        SECRET_KEY=_secret_key(app),
        MAX_CONTENT_LENGTH=64 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a match can last a whole evening
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # Secure is set per request when the phone came over HTTPS; True sets it always.
        SESSION_COOKIE_SECURE=False,
        PAGE_SIZE="A4",
        # The home page lists this phone's matches; a club may list every match there too.
        PUBLIC_MATCH_LIST=False,
        # How many reverse proxies stand in front and set X-Forwarded-*: none are trusted by default.
        PROXY_COUNT=0,
        # New matches and code guesses per client address and window (seconds).
        MATCH_CREATION_LIMIT=30, MATCH_CREATION_WINDOW=600,
        JOIN_LIMIT=30, JOIN_WINDOW=600,
        # Where Flask-Limiter counts: this process; redis://... for several workers or replicas.
        RATELIMIT_STORAGE_URI="memory://",
        RATELIMIT_STRATEGY="moving-window",
    )
    # Any setting can also come from the environment: REFEREE_MATCH_CREATION_LIMIT=100 ...
    app.config.from_prefixed_env("REFEREE")
    if config:
        app.config.update(config)

    from flask_migrate import Migrate
    from flask_wtf.csrf import CSRFProtect
    from htmx_flask import Htmx
    from werkzeug.exceptions import ServiceUnavailable

    from referee import games
    from referee.store import db
    from referee.store.log import forget_broken
    from referee.store.snapshots import BrokenSnapshot
    from referee.web import action_fast_path, api, language, pages, pdf, security
    from referee.web.json_provider import OrjsonProvider

    app.json = OrjsonProvider(app)
    db.init_app(app)
    Migrate(app, db, directory=str(MIGRATIONS))
    csrf = CSRFProtect(app)
    Htmx(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pdf.bp)
    for record in games.REGISTRY.values():
        routes = record.part("web")
        if routes is not None:
            app.register_blueprint(routes.bp)
    csrf.exempt(api.bp)  # the JSON API authenticates with the bearer token instead

    def broken_snapshot(broken: BrokenSnapshot) -> ServiceUnavailable:
        # A part of a snapshot failed to decode where a page reached it (the store heals its
        # own reads and writes): this answer asks again, and the next read uses the log.
        forget_broken(broken)
        return ServiceUnavailable(retry_after=1)

    app.register_error_handler(BrokenSnapshot, broken_snapshot)
    pages.register_filters(app)
    language.init_app(app)
    security.init_app(app)
    action_fast_path.install(app)  # around ProxyFix, when security put it in
    tune_collector()
    return app


# The cyclic garbage collector of a process that serves, tuned when its first app is built (the
# test suite tunes it the same way once its tests are collected).
# - The objects of start-up (the app, its modules and catalogs: over 100,000) never become
#   garbage; set aside once (gc.freeze), a full pass no longer walks them. It took 50-70 ms.
# - A pass over the youngest objects comes after 10,000 new ones, not 700, so that fewer of an
#   answer's short-lived objects are caught alive by a pass that runs mid-answer and promoted.
# Under the bench's load (two gunicorn workers), this took worker CPU per action from 1.31 and
# 1.35 ms to 1.16 and 1.24 ms, and the action p99 from 22.8 and 17.8 ms to 13.2 and 15.4 ms:
# the two workers, allocating alike, ran their full passes (80-240 ms) at the same moments.
COLLECTOR_THRESHOLDS = (10_000, 20, 20)
_collector_tuned = False


def tune_collector() -> None:
    """Collect, set aside everything this process holds now, and space the passes; once per
    process: what a later call would set aside (a test's app) would be kept forever."""
    global _collector_tuned
    if _collector_tuned:
        return
    _collector_tuned = True
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def _database_url(app: Flask) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Hosting platforms hand out postgres:// URLs; SQLAlchemy wants the driver named.
        if url.startswith("postgres://"):
            url = "postgresql+psycopg://" + url[len("postgres://"):]
        elif url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://"):]
        return url
    return "sqlite:///" + str(Path(app.instance_path) / "referee.sqlite3")


def _secret_key(app: Flask) -> str:
    """SECRET_KEY from the environment, else generated once into the instance folder."""
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:  # noqa: ARG001
    # WAL lets readers and one writer work at once; busy_timeout makes a second writer wait
    # instead of failing; NORMAL sync is safe with WAL and several times faster.
    if type(dbapi_connection).__module__ != "sqlite3":
        return
    from referee.store.models import BUSY_TIMEOUT_MS
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.close()
