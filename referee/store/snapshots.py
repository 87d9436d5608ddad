"""Snapshots of a match's replay in the database, so that a cold read (a worker that has never
seen the match, or just restarted) replays only the tail of the log.

A snapshot is a cache and nothing else: the log is the truth. Deleting every snapshot changes
nothing but speed, and a snapshot is used only when all of these hold, else it is ignored (and
the next read that crosses its seq writes a good one in its place):

- it was taken under the game's current ``rules_version``, this module's ``FORMAT`` and the
  current code of the game engine and the replay (``code``: a digest of their source files; a
  change to how a state is built or read makes every older snapshot stale);
- its HMAC (keyed by the app's SECRET_KEY, over the match, seq, versions and data) is good:
  the data was written by this app, for this match and this seq, and is whole;
- it decodes, with an unpickler that builds only referee classes, into a replay of that seq.

**Every N-th seq** (``EVERY`` = 100): a cold read then folds at most 99 entries (a few
milliseconds for any game), and a snapshot, whose cost grows with the match, is written once per
100 entries; the two newest are kept per match.

**What a snapshot holds.** The whole replay: the state, the undo stack, the corrections,
disputes and entries no longer accepted, and the fold's chain of game entries (``Link``) back to
the first, since a later ``correct`` or ``undo`` may re-judge from any earlier entry. The chain
keeps the state before every 32nd entry in memory; a snapshot keeps those of the newest
``RECENT`` game entries and of every ``SPARSE``-th entry before them (the others would make a
snapshot grow with the square of the match): a correction of an older entry after a cold read
re-judges from the nearest kept state, at most ``SPARSE`` entries further back, with the same
result.

Written in its own short transaction (never in the request's), after the entry is committed; a
failed write is logged and never fails the request.
"""
from __future__ import annotations

import gc
import hashlib
import hmac
import io
import logging
import pickle
import sys
from dataclasses import dataclass, fields
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import current_app
from sqlalchemy import delete, insert, or_, select

from referee import games
from referee.errors import RuleViolation
from referee.replay import CHECKPOINT, Link, Replay, Stack
from referee.store.models import Match, Snapshot, db

log_ = logging.getLogger(__name__)

EVERY = 100          # a snapshot at every 100th seq
KEEP = 2             # snapshots kept per match (the newest, and one before it for replay_until)
FORMAT = 1           # raise with any change to what is pickled below
RECENT = 8 * CHECKPOINT   # game entries at the tip whose kept states all go in the snapshot
SPARSE = 32 * CHECKPOINT  # before them, the kept state of every 1024th game entry
assert SPARSE % CHECKPOINT == 0


# --- validity ------------------------------------------------------------------------------

# The code a snapshot's data depends on, besides the game's own module or package.
CORE = ("referee.replay", "referee.engine", "referee.rules", "referee.cards", "referee.actions",
        "referee.settings", "referee.errors", "referee.i18n", __name__)


@lru_cache(maxsize=None)
def _source_digest(module_name: str) -> str:
    """A digest of a module's source (every .py file of a package), or its name when the
    source cannot be read (then only the rules version and FORMAT tell snapshots apart)."""
    module = sys.modules.get(module_name)
    paths: list[Path] = []
    if module is not None and getattr(module, "__path__", None):
        for folder in module.__path__:
            paths += sorted(Path(folder).rglob("*.py"))
    elif module is not None and getattr(module, "__file__", None):
        paths.append(Path(module.__file__))
    digest = hashlib.sha256(module_name.encode())
    try:
        for path in paths:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError:
        return hashlib.sha256(module_name.encode()).hexdigest()
    return digest.hexdigest()


def code_version(game: Any) -> str:
    """The engine and replay code a snapshot of this game was written by (32 hex digits)."""
    module = type(game).__module__
    if module.startswith("referee.games."):
        module = ".".join(module.split(".")[:3])  # a game's whole package: referee.games.pontoon
    return _code_version(module)


@lru_cache(maxsize=None)
def _code_version(game_module: str) -> str:
    digest = hashlib.sha256()
    for name in (*CORE, game_module):
        digest.update(_source_digest(name).encode())
    return digest.hexdigest()[:32]


def _signature(match_id: str, seq: int, rules_version: int, code: str, data: bytes) -> str:
    secret = current_app.config["SECRET_KEY"]
    key = hashlib.sha256(b"referee snapshot key\0" + str(secret).encode()).digest()
    head = f"{match_id}\0{seq}\0{rules_version}\0{FORMAT}\0{code}\0".encode()
    return hmac.new(key, head + data, hashlib.sha256).hexdigest()


# --- encoding ------------------------------------------------------------------------------

def _violation(cls: type, args: tuple, attributes: dict) -> RuleViolation:
    """A refusal as pickled (an exception whose __init__ takes a rule does not unpickle)."""
    if not (isinstance(cls, type) and issubclass(cls, RuleViolation)):
        raise pickle.UnpicklingError("not a refusal")
    violation = cls.__new__(cls)
    violation.args = args
    violation.__dict__.update(attributes)
    return violation


def _reduce_violation(violation: RuleViolation):
    return _violation, (type(violation), violation.args, dict(violation.__dict__))


def _subclasses(cls: type) -> set[type]:
    found = {cls}
    for sub in cls.__subclasses__():
        found |= _subclasses(sub)
    return found


class _Pickler(pickle.Pickler):
    def __init__(self, file):
        super().__init__(file, protocol=5)
        self.dispatch_table = {cls: _reduce_violation for cls in _subclasses(RuleViolation)}


# What the unpickler may build: referee classes, the refusal helper above, and a few builtins.
_BUILTINS = {("builtins", name) for name in ("set", "frozenset", "complex", "bytearray", "slice", "range")}
_ALLOWED = _BUILTINS | {("copyreg", "_reconstructor"), ("collections", "OrderedDict"),
                        ("datetime", "datetime"), ("datetime", "date"), ("datetime", "timedelta"),
                        ("datetime", "timezone"), ("decimal", "Decimal"), ("fractions", "Fraction"),
                        (__name__, "_violation")}


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        if (module == "referee" or module.startswith("referee.")) and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"a snapshot may not build {module}.{name}")


# The fields this format holds. A Replay or Link that gains a field is not snapshotted (it
# would come back without it) until FORMAT learns the field.
REPLAY_FIELDS = ("game", "settings", "mode", "state", "seq", "players", "tip", "in_force", "undone",
                 "corrections", "disputes", "broken", "work", "entry")
LINK_FIELDS = ("seq", "original", "action", "index", "prev", "before", "dropped", "broken")


def _known_shape() -> bool:
    return (tuple(f.name for f in fields(Replay)) == REPLAY_FIELDS
            and tuple(f.name for f in fields(Link)) == LINK_FIELDS)


def encode(replay: Replay) -> bytes | None:
    """The replay as snapshot data (its game, settings, mode and players come from the match
    row, never from here), or None for a replay this format cannot hold."""
    if not _known_shape():
        log_.warning("snapshots are off: Replay or Link has fields this snapshot format does not know")
        return None
    links = list(replay.tip.back()) if replay.tip else []
    links.reverse()
    tip_index = links[-1].index if links else 0
    chain = []
    for position, link in enumerate(links):
        if link.index != position:
            return None
        keep = link.before is not None and (link.index % SPARSE == 0 or link.index > tip_index - RECENT)
        chain.append((link.seq, link.original, link.action, link.before if keep else None, link.dropped,
                      link.broken))
    payload = (FORMAT, replay.seq, replay.state, chain, list(replay.in_force or ())[::-1],
               replay.undone, replay.corrections, replay.disputes, replay.broken, replay.work, replay.entry)
    buffer = io.BytesIO()
    _Pickler(buffer).dump(payload)
    return buffer.getvalue()


def decode(data: bytes, match: Match, seq: int) -> Replay:
    """The replay a snapshot holds, checked for shape; raises on anything unexpected. (The
    cyclic garbage collector waits meanwhile: the objects built here are all kept, and a full
    collection set off by so many new ones took longer than the decoding itself.)"""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _decode(data, match, seq)
    finally:
        if collecting:
            gc.enable()


def _decode(data: bytes, match: Match, seq: int) -> Replay:
    if not _known_shape():
        raise ValueError("Replay or Link has fields this snapshot format does not know")
    (format_, stored_seq, state, chain, in_force, undone, corrections, disputes, broken, work,
     entry) = _Unpickler(io.BytesIO(data)).load()
    if format_ != FORMAT or stored_seq != seq:
        raise ValueError("a snapshot of another format or seq")
    game = games.get(match.game)
    tip: Link | None = None
    for index, (number, original, action, before, dropped, violation) in enumerate(chain):
        if tip is not None and number <= tip.seq:
            raise ValueError("game entries out of order")
        tip = Link(number, original, action, index, tip, before, dropped, violation)
    stack: Stack | None = None
    for number in in_force:
        stack = Stack(number, stack)
    if not (isinstance(undone, frozenset) and isinstance(corrections, tuple) and isinstance(disputes, tuple)
            and isinstance(broken, tuple) and isinstance(work, int) and (entry is None or isinstance(entry, dict))
            and (tip is None or tip.seq <= seq)):
        raise ValueError("a snapshot of another shape")
    players = tuple(match.players)
    return Replay(game, game.settings_type.from_dict(match.settings), match.mode, state, seq, players,
                  tip, stack, undone, corrections, disputes, broken, work, entry)


# --- reading and writing ---------------------------------------------------------------------

def newest(match: Match, upto: int) -> Replay | None:
    """The replay of the newest good snapshot at or before seq ``upto``, or None. A snapshot
    that fails a check is logged and passed over."""
    game = games.get(match.game)
    if game is None or upto < EVERY:
        return None
    code = code_version(game)
    query = (select(Snapshot.seq, Snapshot.signature, Snapshot.data)
             .where(Snapshot.match_id == match.id, Snapshot.seq <= upto, Snapshot.rules_version == game.rules_version,
                    Snapshot.format == FORMAT, Snapshot.code == code)
             .order_by(Snapshot.seq.desc()).limit(KEEP))
    try:
        rows = db.session.execute(query).all()
    except Exception:  # noqa: BLE001 - a cache: without it the log is replayed in full
        log_.exception("snapshots of match %s could not be read", match.id)
        return None
    for seq, signature, data in rows:
        data = bytes(data)
        if not hmac.compare_digest(signature, _signature(match.id, seq, game.rules_version, code, data)):
            log_.warning("snapshot %s of match %s ignored: its signature does not match", seq, match.id)
            continue
        try:
            return decode(data, match, seq)
        except Exception:  # noqa: BLE001 - never trusted: whatever fails, the log is replayed
            log_.warning("snapshot %s of match %s ignored: it does not load", seq, match.id, exc_info=True)
    return None


def due(after: int, upto: int) -> int | None:
    """The newest seq in (after, upto] that gets a snapshot, if any."""
    newest_due = upto - upto % EVERY
    return newest_due if newest_due > after and newest_due > 0 else None


def save(match: Match, replay: Replay) -> bool:
    """Write a snapshot of ``replay`` (in its own transaction), replacing one at the same seq
    and dropping older ones beyond the KEEP newest. Never raises: a failure is logged."""
    try:
        game = games.get(match.game)
        if game is None or replay.seq <= 0 or replay.seq % EVERY:
            return False
        if not _may_write_now():
            return False
        data = encode(replay)
        if data is None:
            return False
        code = code_version(game)
        row = {"match_id": match.id, "seq": replay.seq, "rules_version": game.rules_version, "format": FORMAT,
               "code": code, "signature": _signature(match.id, replay.seq, game.rules_version, code, data),
               "data": data, "created_at": datetime.now(timezone.utc)}
        with db.engine.begin() as connection:
            connection.execute(delete(Snapshot).where(
                Snapshot.match_id == match.id,
                or_(Snapshot.seq == replay.seq, Snapshot.seq <= replay.seq - KEEP * EVERY)))
            connection.execute(insert(Snapshot).values(**row))
        return True
    except Exception:  # noqa: BLE001 - a cache: the request goes on without it
        log_.warning("snapshot %s of match %s was not written", replay.seq, match.id, exc_info=True)
        return False


def _may_write_now() -> bool:
    """False while this session holds an SQLite transaction: it may hold the database's write
    lock (an append waiting its turn), for which a second connection would wait in vain. The
    snapshot is then left to the next read that crosses its seq."""
    if not db.session().in_transaction() or db.session.get_bind().dialect.name != "sqlite":
        return True
    connection = db.session.connection().connection.dbapi_connection
    return not getattr(connection, "in_transaction", True)


@dataclass(frozen=True)
class Stored:
    """A snapshot as the database holds it (for tests and tools)."""

    seq: int
    rules_version: int
    format: int
    code: str


def stored(match_id: str) -> list[Stored]:
    rows = db.session.execute(select(Snapshot.seq, Snapshot.rules_version, Snapshot.format, Snapshot.code)
                              .where(Snapshot.match_id == match_id).order_by(Snapshot.seq))
    return [Stored(*row) for row in rows]
