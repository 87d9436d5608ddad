"""Matches and their log entries as tables, the codes a person types to join, and finding a
match. (Migrations in ``referee/migrations`` change these tables; never edit one in place.)"""
from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from contextlib import suppress
from contextvars import ContextVar, Token
from dataclasses import dataclass
from datetime import datetime
from sqlite3 import SQLITE_BUSY
from typing import Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    bindparam,
    event,
    func,
    select,
)
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Rows stay readable after a commit: a request reads its match again only when it asks to.


class Base(DeclarativeBase):
    """The models' base, named so the type checker sees it (``db.Model`` is built from it)."""


db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})

MAX_CLIENT_ID = 80
MAX_BY = 40


# --- the connection the log is read and written on -------------------------------------------

# How long a write on SQLite waits for another's write lock (the connection's busy timeout).
BUSY_TIMEOUT_MS = 5000
FIRST_LOOK_AGAIN, LAST_LOOK_AGAIN = 0.00005, 0.001  # seconds (Prepared.write)

_own: ContextVar[Connection | None] = ContextVar("referee_store_connection", default=None)


def connection(engine: Engine | None = None) -> Block:
    """Run the log's reads and writes inside this block (``with connection():``) on one
    SQLAlchemy Core connection of their own instead of the ORM session's (the JSON API does: an
    action is a read and an insert, and the session's begin, commit and close cost more than
    both). Whatever is not committed when the block ends is rolled back. Outside such a block
    (the pages, which also change matches through the ORM) the log uses the session's
    connection and transaction. ``engine`` is the app's (``db.engine``) when not given."""
    return Block(engine)


class Block:
    """The block ``connection`` makes: a class rather than a generator, since it opens and
    closes around every action."""

    __slots__ = ("engine", "spare", "pooled", "own", "token")

    def __init__(self, engine: Engine | None) -> None:
        self.engine = engine
        self.spare: Spare | None = None  # the process's spare, held by this block
        self.pooled: Connection | None = None  # one from the pool, when another thread's block has the spare
        self.own: Connection | None = None
        self.token: Token | None = None

    def __enter__(self) -> Connection:
        outer = _own.get()
        if outer is not None:  # already inside one: the same connection
            return outer
        engine = self.engine or db.engine
        spare = Spare.of(engine)
        if not spare.lock.acquire(blocking=False):  # another thread's block has it: one from the pool
            own = self.pooled = engine.connect()
        else:
            try:
                own = spare.take(engine)
            except BaseException:
                spare.lock.release()
                raise
            self.spare = spare
        self.own = own
        self.token = _own.set(own)
        return own

    def __exit__(self, *_exc: object) -> None:
        if self.token is None:  # an inner block: the outer one ends it
            return
        _own.reset(self.token)
        if self.pooled is not None:
            self.pooled.close()  # given back to the pool, which resets it
            return
        spare, own = self.spare, self.own
        assert spare is not None and own is not None
        try:
            spare.put_back(own)
        finally:
            spare.lock.release()
            if spare.disposed:  # disposed while this block held it, after put_back looked
                spare.close_if_free()


# Raised in a child process after a fork, so that a spare made before it is never used there.
_forks = 0


def _forked() -> None:
    global _forks
    _forks += 1


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


class Spare:
    """The connection a process keeps checked out for the log's blocks (``connection``), one
    per engine. Taking a connection from SQLAlchemy's pool and giving it back cost an action
    more than its read of the match: this one is only reset at the end of a block, as the pool
    resets a connection given back (what is not committed is rolled back). One block uses it
    at a time; a block that finds it in use takes one from the pool as before.

    Not kept across a fork (a child starts its own) nor past ``engine.dispose()``, which closes
    it, so a test's or a worker's connections all close when its engine is disposed."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.forks = _forks
        self.connection: Connection | None = None
        self.disposed = False  # its engine was disposed: closed, never used again

    @classmethod
    def of(cls, engine: Engine) -> Spare:
        # On the engine itself: a module's table of engines would keep every test's engine alive.
        spare = engine.__dict__.get("_referee_spare")
        if spare is None or spare.forks != _forks:  # a forked child never uses its parent's
            spare = engine.__dict__["_referee_spare"] = cls()
            if not event.contains(engine, "engine_disposed", _dispose_spare):
                event.listen(engine, "engine_disposed", _dispose_spare)
        return spare

    def take(self, engine: Engine) -> Connection:
        own = self.connection
        if own is None or own.closed or own.invalidated:
            self.close()
            own = self.connection = engine.connect()
        return own

    def put_back(self, own: Connection) -> None:
        """Reset it as the pool resets a connection given back; close it instead when it cannot
        be reset or its engine was disposed meanwhile."""
        try:
            own.rollback()  # also lets go of a transaction that a failed commit left attached
            if not own.invalidated:
                own.connection.dbapi_connection.rollback()  # type: ignore[union-attr]  # what the driver began
        except Exception:  # noqa: BLE001 - a connection that cannot be reset is not kept
            self.close()
        if self.disposed:
            self.close()

    def close(self) -> None:
        own, self.connection = self.connection, None
        if own is not None:
            with suppress(Exception):
                own.close()

    def close_if_free(self) -> None:
        if self.lock.acquire(blocking=False):
            try:
                self.close()
            finally:
                self.lock.release()


def _dispose_spare(engine: Engine) -> None:
    # Closed now if no block has it, else by that block when it ends (``connection``).
    spare = engine.__dict__.pop("_referee_spare", None)
    if spare is not None and spare.forks == _forks:
        spare.disposed = True
        spare.close_if_free()


def current_connection() -> Connection:
    """The connection the log is read and written on now (see ``connection``)."""
    own = _own.get()
    return own if own is not None else db.session.connection()


def open_transaction() -> Connection | None:
    """The connection of a transaction the log has open now, if any (without opening one)."""
    own = _own.get()
    if own is not None:
        return own if own.in_transaction() or _driver_in_transaction(own) else None
    return db.session.connection() if db.session().in_transaction() else None


def _driver_in_transaction(own: Connection) -> bool:
    """Whether the driver has a transaction open on the connection that SQLAlchemy did not begin
    (``Prepared`` statements run in the driver's own; see ``commit``)."""
    driver = own.connection.dbapi_connection
    flag = getattr(driver, "in_transaction", None)  # sqlite3
    if flag is not None:
        return bool(flag)
    info = getattr(driver, "info", None)  # psycopg: IDLE is 0
    return info is None or info.transaction_status != 0


def execute(statement: Any, params: dict[str, Any] | None = None):
    return current_connection().execute(statement, params or {})


def commit() -> None:
    """Commit what the log ran. On the log's own connection, what only ``Prepared`` statements
    ran is in the driver's own transaction (SQLAlchemy's bookkeeping of a transaction cost an
    action more than its insert): it is committed on the driver, as SQLAlchemy would commit it."""
    own = _own.get()
    if own is None:
        db.session.commit()
    elif own.in_transaction():
        own.commit()
    else:
        _on_driver(own, "do_commit")


def rollback() -> None:
    own = _own.get()
    if own is None:
        db.session.rollback()
    elif own.in_transaction():
        own.rollback()
    else:
        _on_driver(own, "do_rollback")


def _on_driver(own: Connection, method: str) -> None:
    """The dialect's commit or rollback on the driver's connection, its errors raised as
    SQLAlchemy raises them (a lost connection invalidated, as Core does)."""
    dialect = own.dialect
    driver = own.connection.dbapi_connection
    try:
        getattr(dialect, method)(driver)
    except dialect.loaded_dbapi.Error as error:
        if dialect.is_disconnect(error, driver, None):
            own.invalidate(error)
        raise DBAPIError.instance(None, None, error, dialect.loaded_dbapi.Error, dialect=dialect) from error


def dialect_name() -> str:
    return db.engine.dialect.name


class Prepared:
    """A Core statement compiled once per dialect and run straight on the DBAPI cursor of the
    log's connection, inside the transaction open on it (on the log's own connection, the
    driver's, which ``commit`` ends, where SQLAlchemy began none): for the one read and the one insert of every
    action, where SQLAlchemy's execution context (parameter and result processing, the
    compiled cache, the result object) cost several times what the database spent. The SQL
    text, its parameter order and each parameter's conversion (JSON, dates) are SQLAlchemy's
    own, so the row written is the one Core would have written, and each result column is
    converted by its type as Core would (JSON read back on SQLite). A dialect whose parameter
    style this does not handle runs the statement through Core instead. Errors come back as
    SQLAlchemy's (an IntegrityError is sqlalchemy.exc.IntegrityError, as from Core)."""

    def __init__(self, statement: Any):
        self.statement = statement
        # Per dialect object: its engine's settings (a JSON serializer) shape the conversions.
        self._by_dialect: weakref.WeakKeyDictionary[Dialect, tuple | None] = weakref.WeakKeyDictionary()
        # The last dialect asked for and its entry: a process serves one engine (a weak reference,
        # so that a test's engine is not kept alive by it).
        self._last: tuple[weakref.ref[Dialect], tuple | None] | None = None

    def _compiled(self, dialect: Dialect):
        last = self._last
        if last is not None and last[0]() is dialect:
            return last[1]
        entry = self._compile(dialect)
        self._last = (weakref.ref(dialect), entry)
        return entry

    def _compile(self, dialect: Dialect):
        key = dialect
        if key not in self._by_dialect:
            compiled = self.statement.compile(dialect=dialect)
            if dialect.paramstyle in ("qmark", "format"):
                names = tuple(compiled.positiontup or ())
            elif dialect.paramstyle in ("named", "pyformat"):
                names = None
            else:
                self._by_dialect[key] = None
                return None
            processors = []
            for name, bind in compiled.binds.items():
                process = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if process is not None:
                    processors.append((name, process))
            # The values the statement carries itself (the 0 of a coalesce), as Core sends them.
            values = {name: bind.value for name, bind in compiled.binds.items() if not bind.required}
            columns = getattr(self.statement, "selected_columns", None)
            types = tuple(column.type.dialect_impl(dialect) for column in columns) if columns is not None else ()
            self._by_dialect[key] = (compiled.string, names, tuple(processors), values, types, {})
        return self._by_dialect[key]

    def rows(self, params: dict[str, Any]) -> list[tuple]:
        connection = current_connection()
        if connection.connection.info.get(NOT_WAITING):  # SQLite's waiting is off: look again here
            return self._looking_again(connection, params)
        return self._rows(connection, params)

    def _rows(self, connection: Connection, params: dict[str, Any]) -> list[tuple]:
        dialect = connection.dialect
        compiled = self._compiled(dialect)
        if compiled is None:
            return [tuple(row) for row in connection.execute(self.statement, params)]
        sql, names, processors, values, types, results = compiled
        if processors or values:
            params = {**values, **params}
            for name, process in processors:
                params[name] = process(params[name])
        arguments = params if names is None else tuple(params[name] for name in names)
        # No SQLAlchemy transaction is begun for it: the driver opens its own, which ``commit``
        # and ``rollback`` end (inside one SQLAlchemy began, the statement runs in that).
        dbapi_connection = connection.connection.dbapi_connection
        cursor = dbapi_connection.cursor()  # type: ignore[union-attr]  # the driver's own: its pool wrapper adds nothing here
        try:
            cursor.execute(sql, arguments)
            description = cursor.description
            if not description:
                return []
            rows = [tuple(row) for row in cursor.fetchall()]
            if types:
                kinds = tuple([column[1] for column in description])
                convert = results.get(kinds)
                if convert is None:  # the result processors, per DBAPI column types (None: none at all)
                    processors = tuple(kind.result_processor(dialect, code) for kind, code in zip(types, kinds))
                    convert = results[kinds] = processors if any(processors) else ()
                if convert:
                    rows = [tuple(value if process is None else process(value) for process, value in zip(convert, row))
                            for row in rows]
            return rows
        except dialect.loaded_dbapi.Error as error:
            if dialect.is_disconnect(error, dbapi_connection, cursor):
                connection.invalidate(error)  # as Core does: the pool drops the dead connection
            raise DBAPIError.instance(sql, arguments, error, dialect.loaded_dbapi.Error, dialect=dialect) from error
        finally:
            try:
                cursor.close()
            except dialect.loaded_dbapi.Error:  # its connection may be gone already
                pass

    def write(self, params: dict[str, Any]) -> list[tuple]:
        """``rows``, for the insert of an entry. On SQLite, when another worker holds the
        database's write lock, the insert looks again after 50 µs, doubling up to 1 ms, for
        as long as the busy timeout: SQLite's own wait sleeps 1, 2 and then 5 ms between
        looks at a lock held for a tenth of a millisecond, and under load one answer in twenty
        idled a whole millisecond that way.

        So SQLite's own waiting is turned off on the connection (its busy timeout set to 0) and
        left off: setting it and setting it back cost each action two PRAGMAs, which SQLite
        compiles anew every time (3.4% of an action). While it is off, every ``Prepared``
        statement on that connection looks again as the insert does, and the next statement
        SQLAlchemy runs on it turns the waiting back on first (``_wait_again``)."""
        connection = current_connection()
        if connection.dialect.name != "sqlite":
            return self._rows(connection, params)
        info = connection.connection.info
        if not info.get(NOT_WAITING):
            cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
            try:
                cursor.execute("PRAGMA busy_timeout=0")
            finally:
                cursor.close()
            info[NOT_WAITING] = True
        return self._looking_again(connection, params)

    def _looking_again(self, connection: Connection, params: dict[str, Any]) -> list[tuple]:
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        wait = FIRST_LOOK_AGAIN
        while True:
            try:
                return self._rows(connection, params)
            except OperationalError as error:
                # Only a plain "busy": the statement then holds nothing, and a new try
                # starts afresh, as SQLite's own wait would.
                if getattr(error.orig, "sqlite_errorcode", None) != SQLITE_BUSY or time.monotonic() > deadline:
                    raise
            time.sleep(wait)
            wait = min(2 * wait, LAST_LOOK_AGAIN)


# In a connection's info: its SQLite busy timeout is 0 (``Prepared.write``).
NOT_WAITING = "referee_not_waiting"


@event.listens_for(Engine, "before_cursor_execute")
def _wait_again(conn: Connection, cursor: Any, *_statement: Any) -> None:
    """Before SQLAlchemy runs a statement on a connection whose SQLite waiting ``Prepared.write``
    turned off, turn it back on: every statement but the log's prepared ones waits for a lock
    as the connection was set up to (``BUSY_TIMEOUT_MS``)."""
    info = conn.connection.info
    if info.get(NOT_WAITING):
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        info[NOT_WAITING] = False


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(120), default="")
    mode: Mapped[str] = mapped_column(String(8))
    players: Mapped[list] = mapped_column(JSON)
    settings: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    scorer_token_hash: Mapped[str] = mapped_column(String(64))
    # Short codes a person can type: the viewer code in the clear (viewers see everything
    # anyway), the scorer code only hashed, like the token it is derived from.
    newest_seq = None  # not a column: set by get_match for the replay cache's first check
    viewer_code: Mapped[str | None] = mapped_column(String(12), unique=True, index=True, nullable=True)
    scorer_code_hash: Mapped[str | None] = mapped_column(String(64), unique=True, index=True, nullable=True)
    # The version of the game's rules the match began under (printed on the score sheet).
    rules_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # A rematch: the match it follows (same players, house rules; the next dealer first).
    rematch_of: Mapped[str | None] = mapped_column(String(16), index=True, nullable=True)

    def scorer_token_ok(self, credential: str | None) -> bool:
        """A scorer link's token, or the short scorer code made from it."""
        return _scorer_credential_ok(self.scorer_token_hash, self.scorer_code_hash, credential)


class Event(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("match_id", "client_id", name="uq_events_client_id"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    action: Mapped[dict] = mapped_column(JSON)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    by: Mapped[str | None] = mapped_column(String(MAX_BY), nullable=True)
    client_id: Mapped[str | None] = mapped_column(String(MAX_CLIENT_ID), nullable=True)


class Snapshot(Base):
    """A match's replay at one seq, kept as a cache for cold reads (``referee.store.snapshots``):
    used only under the rules, format and code it was written by, and never needed."""
    __tablename__ = "snapshots"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    rules_version: Mapped[int] = mapped_column(Integer)   # the game's rules_version when written
    format: Mapped[int] = mapped_column(Integer)          # snapshots.FORMAT when written
    code: Mapped[str] = mapped_column(String(32))         # digest of the engine and replay code
    signature: Mapped[str] = mapped_column(String(64))    # HMAC-SHA256 of all of the above and the data
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _scorer_credential_ok(token_hash: str, code_hash: str | None, credential: str | None) -> bool:
    if not credential:
        return False
    # The token first: a script or a scorer link sends it on every entry, and a match found by
    # it needs no second digest. Which of the two matched is no secret (the answer tells).
    if hmac.compare_digest(hash_token(credential), token_hash):
        return True
    return hmac.compare_digest(hash_token(normal_code(credential)), code_hash or "")


CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: easy to read out and type
VIEWER_CODE_LENGTH, SCORER_CODE_LENGTH = 6, 10


def normal_code(text: str) -> str:
    return "".join(filter(str.isalnum, text.upper()))


def scorer_code_for(token: str) -> str:
    """The short scorer code of a token: typeable, and useless for finding the token."""
    digest = hashlib.sha256(b"scorer-code:" + token.encode()).digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:SCORER_CODE_LENGTH])


def show_code(code: str) -> str:
    half = (len(code) + 1) // 2
    return f"{code[:half]}-{code[half:]}"


def new_viewer_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _position in range(VIEWER_CODE_LENGTH))


def find_by_code(text: str) -> tuple[Match, bool] | None:
    """The match a typed code opens, and whether it is the scorer code."""
    code = normal_code(text or "")
    if len(code) == VIEWER_CODE_LENGTH:
        match = db.session.scalar(select(Match).where(Match.viewer_code == code))
        return (match, False) if match else None
    if len(code) == SCORER_CODE_LENGTH:
        match = db.session.scalar(select(Match).where(Match.scorer_code_hash == hash_token(code)))
        return (match, True) if match else None
    return None


class MatchNotFound(LookupError):
    pass



def new_match_id() -> str:
    # 10 url-safe characters: short enough to type, long enough not to guess (about 60 bits).
    return secrets.token_urlsafe(8)[:10].replace("-", "x").replace("_", "y")


MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


def get_match(match_id: str) -> Match:
    """The match, read together with the seq of its newest entry (one query for both: the
    replay cache is checked against that seq on this request's first load). A text that
    cannot be a match id never reaches the database."""
    if not isinstance(match_id, str) or not MATCH_ID.fullmatch(match_id):
        raise MatchNotFound(match_id)
    newest = select(func.coalesce(func.max(Event.seq), 0)).where(Event.match_id == Match.id).scalar_subquery()
    row = db.session.execute(select(Match, newest).where(Match.id == match_id)).first()
    if row is None:
        raise MatchNotFound(match_id)
    match, match.newest_seq = row
    return match


@dataclass(eq=False)
class MatchRow:
    """A match as one SQLAlchemy Core query reads it: the columns of ``Match`` and the seq of
    its newest entry, with no ORM object behind it (no identity map, no attribute tracking).
    The JSON API reads matches this way; a page that changes a match uses ``get_match``."""

    id: str
    game: str
    title: str
    mode: str
    players: list
    settings: dict
    created_at: datetime
    scorer_token_hash: str
    viewer_code: str | None
    scorer_code_hash: str | None
    rules_version: int
    rematch_of: str | None
    newest_seq: int | None = None  # for the replay cache's first check, as with get_match

    def scorer_token_ok(self, credential: str | None) -> bool:
        """A scorer link's token, or the short scorer code made from it (as Match's)."""
        return _scorer_credential_ok(self.scorer_token_hash, self.scorer_code_hash, credential)


# What the log is read and written for: a match as the ORM reads it, or as a plain row.
AnyMatch = Match | MatchRow


# The columns a match never changes after it is created, and those it may (a new scorer token).
FIXED = ("game", "mode", "players", "settings", "created_at", "rules_version")
CHANGING = ("title", "scorer_token_hash", "viewer_code", "scorer_code_hash", "rematch_of")
assert set(FIXED) | set(CHANGING) | {"id", "newest_seq"} == set(MatchRow.__dataclass_fields__)

# Built once: a statement made per request spent more time being built and keyed for the
# compiled-statement cache than the database spent answering it.
_NEWEST_SEQ = select(func.coalesce(func.max(Event.seq), 0)).where(Event.match_id == Match.id).scalar_subquery()
_READ_CHANGING = Prepared(select(*(Match.__table__.c[name] for name in CHANGING), _NEWEST_SEQ)
                          .where(Match.id == bindparam("match_id")))
_READ_FIXED = select(*(Match.__table__.c[name] for name in FIXED)).where(Match.id == bindparam("match_id"))

# The fixed columns of the matches this process has read (a match's game, players and house
# rules never change): most reads then fetch only text and integers, which need no conversion.
_fixed: OrderedDict[str, tuple] = OrderedDict()
_fixed_lock = threading.Lock()
FIXED_CACHE_SIZE = 4096


def read_match(match_id: str) -> MatchRow:
    """The match and the seq of its newest entry, as a plain record (see MatchRow): one query
    of the columns a match may change and of the newest seq, every time (so a new scorer token
    counts at once, in every worker); the fixed columns once per process. Raises MatchNotFound
    as get_match does."""
    if not isinstance(match_id, str) or not MATCH_ID.fullmatch(match_id):
        raise MatchNotFound(match_id)
    rows = _READ_CHANGING.rows({"match_id": match_id})
    if not rows:
        raise MatchNotFound(match_id)
    title, token_hash, viewer_code, code_hash, rematch_of, newest = rows[0]
    with _fixed_lock:
        fixed = _fixed.get(match_id)
    if fixed is None:
        fixed = execute(_READ_FIXED, {"match_id": match_id}).first()
        if fixed is None:
            raise MatchNotFound(match_id)
        fixed = tuple(fixed)
        with _fixed_lock:
            _fixed[match_id] = fixed
            while len(_fixed) > FIXED_CACHE_SIZE:
                _fixed.popitem(last=False)
    game, mode, players, settings, created_at, rules_version = fixed
    return MatchRow(match_id, game, title, mode, list(players), dict(settings), created_at, token_hash,
                    viewer_code, code_hash, rules_version, rematch_of, newest)


def forget_matches() -> None:
    """Forget the fixed columns read so far (as a restart would)."""
    with _fixed_lock:
        _fixed.clear()


def rematches(match: Match) -> list[Match]:
    """The matches started as rematches of this one."""
    return list(db.session.scalars(select(Match).where(Match.rematch_of == match.id).order_by(Match.created_at)))


def recent_matches(limit: int = 20) -> list[Match]:
    return list(db.session.scalars(select(Match).order_by(Match.created_at.desc()).limit(limit)))



def matches_by_id(ids: list[str]) -> list[Match]:
    """The matches with these ids, in the order given; an id of no match is left out."""
    if not ids:
        return []
    found = {m.id: m for m in db.session.scalars(select(Match).where(Match.id.in_(ids)))}
    return [found[i] for i in ids if i in found]

