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
  The parts a read leaves packed (below) are decoded when first reached; should one fail then,
  the store drops the match's snapshots and its cached replay and reads the log again
  (``BrokenSnapshot``).

**Every N-th seq** (``EVERY`` = 100): a cold read then folds at most 99 entries (a few
milliseconds for any game), and a snapshot, whose cost grows with the match, is written once per
100 entries; the two newest are kept per match. Each match has its own ``phase`` (from its id):
its snapshots fall on seqs 100 + phase, 200 + phase, ... so that matches moving in step, as a
load test drives them, do not all come due at once. With one seq for all, the bench's 50
matches wrote their snapshots within the same 50 answers; each answer waited behind several
snapshots, and those answers were the slowest hundredth of all.

**What a snapshot holds.** The whole replay: the state, the undo stack, the corrections,
disputes and entries no longer accepted, and the fold's chain of game entries (``Link``) back to
the first, since a later ``correct`` or ``undo`` may re-judge from any earlier entry. The chain
keeps the state before every 32nd entry in memory; a snapshot keeps those of the newest
``RECENT`` game entries and of every ``SPARSE``-th entry before them (the others would make a
snapshot grow with the square of the match): a correction of an older entry after a cold read
re-judges from the nearest kept state, at most ``SPARSE`` entries further back, with the same
result.

**What a cold read decodes.** The state, and the newest ``RECENT`` seqs of the undo stack. The
chain of game entries stays as it was stored until something walks it (an undo, a correction,
the timeline, the next snapshot): the newest ``RECENT`` to ``RECENT + CHUNK`` entries with their
kept states as one pickle (``_LaterTip``), the older ones as sealed chunks of ``CHUNK`` entries,
each decoded only when reached (``_LaterLinks``), the states kept before every ``SPARSE``-th
entry as one pickle, and the rest of the undo stack (``_LaterStack``). These parts are packed
(``referee.pickling.pack``: compressed, a tenth of their size or less), since a snapshot's bytes
are what its signature and its read from the database cost. A state that grows with the match
keeps its finished records the same way (``referee.archive``: the finished games, hands or deals
of all but Reverse Bridge, and Pontoon's ledger), so that a read costs about the same at 1,000
entries as at 10,000. A sealed chunk never changes, so the next snapshot of the match reuses
the chunks this process pickled or read (``_seal``) and writing one costs the newest entries,
not the whole chain.

Written in its own short transaction (never in the request's), after the entry is committed; a
failed write is logged and never fails the request.
"""
from __future__ import annotations

import gc
import hashlib
import hmac
import logging
import sys
import threading
import weakref
import zlib
from array import array
from dataclasses import dataclass, field, fields
from datetime import datetime, timezone
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Callable, TypeVar, cast

from flask import current_app
from sqlalchemy import bindparam, delete, insert, or_, select

from referee import games
from referee.pickling import compress, decompress, dumps, loads, pack, unpack
from referee.replay import CHECKPOINT, Link, Replay, Stack
from referee.store.models import AnyMatch, Snapshot, db, dialect_name, execute, open_transaction

log_ = logging.getLogger(__name__)

T = TypeVar("T")

EVERY = 100          # a snapshot at every 100th seq
KEEP = 2             # snapshots kept per match (the newest, and one before it for replay_until)
FORMAT = 9           # raise with any change to what is pickled below (9: the newest entries apart, packed)
RECENT = 8 * CHECKPOINT   # game entries at the tip whose kept states all go in the snapshot
SPARSE = 32 * CHECKPOINT  # before them, the kept state of every 1024th game entry
CHUNK = RECENT            # older game entries are pickled (and read back) this many at a time
assert SPARSE % CHUNK == 0 and CHUNK % CHECKPOINT == 0


# --- validity ------------------------------------------------------------------------------

# The code a snapshot's data depends on, besides the game's own module or package.
CORE = ("referee.replay", "referee.engine", "referee.cards", "referee.actions",
        "referee.settings", "referee.errors", "referee.i18n", "referee.pickling", "referee.archive", __name__)


@lru_cache(maxsize=None)
def _source_digest(module_name: str) -> str:
    """A digest of a module's source (every .py file of a package), or its name when the
    source cannot be read (then only the rules version and FORMAT tell snapshots apart)."""
    module = sys.modules.get(module_name)
    paths: list[Path] = []
    if module is not None and getattr(module, "__path__", None):
        for folder in module.__path__:
            paths += sorted(Path(folder).rglob("*.py"))
    elif module is not None and module.__file__:
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


# --- shape ---------------------------------------------------------------------------------

# The fields this format holds. A Replay or Link that gains a field is not snapshotted (it
# would come back without it) until FORMAT learns the field.
REPLAY_FIELDS = ("game", "settings", "mode", "state", "seq", "players", "tip", "in_force", "undone",
                 "corrections", "disputes", "broken", "work", "entry")
LINK_FIELDS = ("seq", "original", "action", "index", "prev", "before", "dropped", "broken")


def _known_shape() -> bool:
    return (tuple(f.name for f in fields(Replay)) == REPLAY_FIELDS
            and tuple(f.name for f in fields(Link)) == LINK_FIELDS)


# --- the sealed part of the chain ------------------------------------------------------------

class BrokenSnapshot(Exception):
    """A part of a snapshot that failed to decode when it was first reached, after the snapshot
    itself was read (a chunk of older entries, the newest entries, the kept states, the bottom
    of the undo stack). Signed data written by this code never should; if it does, the store
    drops the match's snapshots and its cached replay and reads the log again
    (``referee.store.log``)."""

    def __init__(self, match_id: str, part: str):
        super().__init__(f"a snapshot of match {match_id} failed to decode its {part}")
        self.match_id = match_id


def _decoding(match_id: str, part: str, decode: Callable[[], T]) -> T:
    try:
        return decode()
    except Exception as error:  # noqa: BLE001 - whatever fails, the log is read again
        raise BrokenSnapshot(match_id, part) from error


@dataclass(frozen=True)
class _Sealed:
    """The game entries of a chain from the first up to a CHUNK boundary, as snapshot data: one
    pickle per CHUNK entries (``chunks``), the last seq of each (``seqs``), and the states kept
    before every SPARSE-th entry (``kept``: one pickle of (index, state) pairs). A sealed chunk
    never changes: the chain is persistent, and a correction builds new links from its target on.

    The kept states are one pickle, not one per state, because each state holds its match's
    finished records so far, and pickles of their own would hold those again and again. A cold
    read leaves it packed; it is unpacked once, when a correction or undo reaches a chunk that
    starts at a kept index, or a snapshot adds a kept state. A prefix shares it and reads only
    the indexes below its own end (``below``)."""

    match_id: str
    chunks: tuple[bytes, ...] = ()
    seqs: tuple[int, ...] = ()
    kept: bytes = b""
    below: int | None = None  # only indexes below this are this chain's (None: all of them)
    # The kept states as objects, once built or unpacked (a prefix and the next chunks share
    # them): states of one chain share their older records, and the next pickle of them holds
    # those records once.
    states: dict[int, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def befores(self) -> dict[int, Any]:
        if self.states is None:  # two threads may both unpack: the same value
            object.__setattr__(self, "states", _decoding(self.match_id, "kept states", self._unpacked))
        return cast(dict, self.states)

    def _unpacked(self) -> dict[int, Any]:
        pairs = unpack(self.kept) if self.kept else ()
        if not (isinstance(pairs, tuple) and all(isinstance(pair, tuple) and len(pair) == 2
                                                 and isinstance(pair[0], int) for pair in pairs)):
            raise ValueError("kept states of another shape")
        return {index: state for index, state in pairs if self.below is None or index < self.below}

    def prefix(self, count: int) -> _Sealed:
        if count == len(self.chunks):
            return self
        end = count * CHUNK if self.below is None else min(self.below, count * CHUNK)
        states = None if self.states is None else {index: state for index, state in self.states.items() if index < end}
        return _Sealed(self.match_id, self.chunks[:count], self.seqs[:count], self.kept, end, states)

    def adding(self, chunk: bytes, seq: int, kept: tuple[tuple[int, Any], ...]) -> _Sealed:
        """These chunks and one more; the kept states are pickled again only when it keeps one."""
        if not kept:
            return _Sealed(self.match_id, self.chunks + (chunk,), self.seqs + (seq,), self.kept, self.below,
                           self.states)
        befores = {**self.befores, **dict(kept)}
        return _Sealed(self.match_id, self.chunks + (chunk,), self.seqs + (seq,), pack(tuple(befores.items())),
                       None, befores)

    def kept_data(self) -> bytes:
        """``kept`` as a snapshot stores it: only this chain's states."""
        return self.kept if self.below is None else pack(tuple(self.befores.items()))


class _LaterLinks:
    """The last link of a snapshot's sealed chunks, decoded the first time anything but its
    ``index`` or ``seq`` is asked for (then it is the Link itself, attribute for attribute): a
    correction or undo that reaches back that far decodes the chunks it passes, one at a time."""

    __slots__ = ("sealed", "index", "seq", "_link")

    def __init__(self, sealed: _Sealed):
        self.sealed = sealed
        self.index = len(sealed.chunks) * CHUNK - 1
        self.seq = sealed.seqs[-1]
        self._link: Link | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.decoded(), name)

    def decoded(self) -> Link:
        if self._link is None:
            self._link = _decoding(self.sealed.match_id, "older entries", lambda: _decode_chunk(self.sealed))
        return self._link


def _decode_chunk(sealed: _Sealed) -> Link:
    """The links of the newest chunk of ``sealed``; the first one's prev is the chunk before it
    (still sealed). Raises on anything unexpected (the stand-in makes it a BrokenSnapshot)."""
    count = len(sealed.chunks)
    first_index = (count - 1) * CHUNK
    rows = unpack(sealed.chunks[-1])
    befores = sealed.befores if first_index % SPARSE == 0 else {}  # the only index kept in a chunk is its first
    if not isinstance(rows, list) or len(rows) != CHUNK:
        raise ValueError("a sealed chunk of another shape")
    # The chunk before it stands in for its last Link (it answers every attribute alike).
    prev = cast(Link, _LaterLinks(sealed.prefix(count - 1))) if count > 1 else None
    previous_seq = sealed.seqs[-2] if count > 1 else 0
    collecting = gc.isenabled()
    gc.disable()
    try:
        for offset, (number, original, action, dropped, violation) in enumerate(rows):
            if number <= previous_seq:
                raise ValueError("game entries out of order")
            index = first_index + offset
            prev = Link(number, original, action, index, prev, befores.get(index), dropped, violation)
            previous_seq = number
    finally:
        if collecting:
            gc.enable()
    link = cast(Link, prev)
    if link.seq != sealed.seqs[-1]:
        raise ValueError("a sealed chunk that does not end where it says")
    _remember(link, sealed)
    return link


class _LaterTip:
    """The newest link of a snapshot's chain, standing in for the entries after its sealed
    chunks (the newest ``RECENT`` to ``RECENT + CHUNK``, with their kept states): built the
    first time anything but its ``index`` or ``seq`` is asked for. A cold read that shows the
    match and appends to it never builds them; an undo, a correction, a timeline or the next
    snapshot does, once."""

    __slots__ = ("sealed", "rows", "index", "seq", "_link", "__weakref__")

    def __init__(self, sealed: _Sealed, rows: bytes, index: int, seq: int):
        self.sealed = sealed
        self.rows = rows
        self.index = index
        self.seq = seq
        self._link: Link | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.decoded(), name)

    def decoded(self) -> Link:
        if self._link is None:
            self._link = _decoding(self.sealed.match_id, "newest entries",
                                   lambda: _decode_rows(self.sealed, self.rows, self.index, self.seq))
            self.rows = b""
        return self._link


def _decode_rows(sealed: _Sealed, data: bytes, index: int, seq: int) -> Link:
    """The links after the sealed chunks, ending at ``index`` and ``seq``. Raises on anything
    unexpected (the stand-in makes it a BrokenSnapshot)."""
    seal = len(sealed.chunks) * CHUNK
    rows = unpack(data)
    if not (isinstance(rows, list) and len(rows) == index - seal + 1):
        raise ValueError("a snapshot's newest entries of another shape")
    tip = cast(Link, _LaterLinks(sealed)) if sealed.chunks else None
    collecting = gc.isenabled()
    gc.disable()
    try:
        for position, (number, original, action, before, dropped, violation) in enumerate(rows, start=seal):
            if tip is not None and number <= tip.seq:
                raise ValueError("game entries out of order")
            tip = Link(number, original, action, position, tip, before, dropped, violation)
    finally:
        if collecting:
            gc.enable()
    if tip is None or tip.seq != seq:
        raise ValueError("a snapshot's newest entries that do not end where it says")
    return tip


# The sealed chunks of chains this process encoded or decoded, by the Link that ends them, so
# that the next snapshot of the same match pickles only what is new since its newest chunk. An
# entry is good while its Link lives (the weak reference says so); dead ones are dropped when
# the next is added, and the oldest beyond SEALED_CACHE_SIZE.
_sealed_by_link: dict[int, tuple[weakref.ref, _Sealed]] = {}
_sealed_lock = threading.Lock()
SEALED_CACHE_SIZE = 1024


def _remember(link: Link, sealed: _Sealed) -> None:
    with _sealed_lock:
        for key in [key for key, (ref, _sealed) in _sealed_by_link.items() if ref() is None]:
            del _sealed_by_link[key]
        _sealed_by_link[id(link)] = (weakref.ref(link), sealed)
        while len(_sealed_by_link) > SEALED_CACHE_SIZE:
            del _sealed_by_link[next(iter(_sealed_by_link))]


def _remembered(link: Any, count: int) -> _Sealed | None:
    if isinstance(link, _LaterLinks):
        return link.sealed if len(link.sealed.chunks) == count else None
    with _sealed_lock:
        found = _sealed_by_link.get(id(link))
    if found is not None and found[0]() is link and len(found[1].chunks) == count:
        return found[1]
    return None


def _seal(link: Any, count: int, match_id: str) -> _Sealed:
    """The first ``count`` chunks of the chain that ends at ``link`` (the last link of chunk
    count - 1): taken from what this process already has where it can, pickled otherwise."""
    if count == 0:
        return _Sealed(match_id)
    known = _remembered(link, count)
    if known is not None:
        return known
    links = []
    for _position in range(CHUNK):
        links.append(link)
        link = link.prev
    links.reverse()
    older = _seal(link, count - 1, match_id)
    first_index = (count - 1) * CHUNK
    if [entry.index for entry in links] != list(range(first_index, first_index + CHUNK)):
        raise ValueError("a chain whose indexes are not its positions")
    rows = [(entry.seq, entry.original, entry.action, entry.dropped, entry.broken) for entry in links]
    kept = tuple((entry.index, entry.before) for entry in links
                 if entry.index % SPARSE == 0 and entry.before is not None)
    sealed = older.adding(pack(rows), links[-1].seq, kept)
    if not isinstance(links[-1], _LaterLinks):
        _remember(links[-1], sealed)
    return sealed


class _LaterStack:
    """The bottom of a snapshot's undo stack (the seqs in force below its newest RECENT), built
    into Stack nodes the first time anything looks at it."""

    __slots__ = ("match_id", "values", "_stack")

    def __init__(self, match_id: str, values: bytes):
        self.match_id = match_id
        self.values = values  # array("q") bytes, bottom first, compressed
        self._stack: Stack | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.decoded(), name)

    def __iter__(self):
        return iter(self.decoded())

    def decoded(self) -> Stack:
        if self._stack is None:
            self._stack = _decoding(self.match_id, "undo stack", self._built)
        return self._stack

    def _built(self) -> Stack:
        numbers = array("q")
        numbers.frombytes(decompress(self.values))
        stack: Stack | None = None
        for number in numbers:
            stack = Stack(number, stack)
        if stack is None:
            raise ValueError("an empty stand-in for the undo stack")
        return stack


def _split_stack(stack: Stack | None) -> tuple[list[int], bytes]:
    """The newest RECENT seqs in force (oldest first) and the rest as array("q") bytes, compressed."""
    top: list[int] = []
    rest = array("q")
    while stack is not None:
        if isinstance(stack, _LaterStack):
            rest.frombytes(_decoding(stack.match_id, "undo stack", partial(decompress, stack.values)))
            break
        top.append(stack.seq)
        stack = stack.below
    top.reverse()
    if len(top) > RECENT:
        rest.extend(top[:-RECENT])
        top = top[-RECENT:]
    return top, compress(rest.tobytes()) if rest else b""


# --- encoding ------------------------------------------------------------------------------

def encode(replay: Replay, match_id: str) -> bytes | None:
    """The replay as snapshot data (its game, settings, mode and players come from the match
    row, never from here), or None for a replay this format cannot hold.

    The chain is split where the newest RECENT to RECENT + CHUNK entries begin: those are
    packed together with their kept states (``rows``, with the index and seq of the newest),
    the older ones as sealed chunks; a read decodes either only when it reaches them, and a
    chunk this process pickled or read before is not pickled again."""
    if not _known_shape():
        log_.warning("snapshots are off: Replay or Link has fields this snapshot format does not know")
        return None
    tip = replay.tip
    tip_index = tip.index if tip is not None else -1
    seal = max(0, (tip_index - RECENT + 1) // CHUNK * CHUNK)
    recent = []
    link = tip
    while link is not None and link.index >= seal:
        recent.append(link)
        link = link.prev
    recent.reverse()
    try:
        sealed = _seal(link, seal // CHUNK, match_id)
    except ValueError:
        return None
    rows = []
    for position, entry in enumerate(recent, start=seal):
        if entry.index != position:
            return None
        keep = entry.before is not None and (entry.index % SPARSE == 0 or entry.index > tip_index - RECENT)
        rows.append((entry.seq, entry.original, entry.action, entry.before if keep else None, entry.dropped,
                     entry.broken))
    in_force, in_force_below = _split_stack(replay.in_force)
    newest = (tip.index, tip.seq) if tip is not None else None
    payload = (FORMAT, replay.seq, replay.state, seal, pack(rows), newest, sealed.chunks, sealed.seqs,
               sealed.kept_data(),
               in_force, in_force_below, replay.undone, replay.corrections, replay.disputes, replay.broken,
               replay.work, replay.entry)
    return dumps(payload)


def decode(data: bytes, match: AnyMatch, seq: int) -> Replay:
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


def _decode(data: bytes, match: AnyMatch, seq: int) -> Replay:
    if not _known_shape():
        raise ValueError("Replay or Link has fields this snapshot format does not know")
    (format_, stored_seq, state, seal, rows, newest, chunks, seqs, kept, in_force, in_force_below, undone,
     corrections, disputes, broken, work, entry) = loads(data)
    if format_ != FORMAT or stored_seq != seq:
        raise ValueError("a snapshot of another format or seq")
    if not (isinstance(seal, int) and isinstance(chunks, tuple) and isinstance(seqs, tuple)
            and isinstance(kept, bytes) and len(chunks) == len(seqs) and seal == len(chunks) * CHUNK
            and all(isinstance(chunk, bytes) for chunk in chunks) and list(seqs) == sorted(set(seqs))
            and isinstance(rows, bytes) and isinstance(in_force, list) and isinstance(in_force_below, bytes)):
        raise ValueError("a snapshot of another shape")
    game = games.get(match.game)
    if game is None:
        raise ValueError(f"no game {match.game}")
    # Stand-ins for the chain of game entries and the bottom of the undo stack, built when reached.
    sealed = _Sealed(match.id, chunks, seqs, kept)
    if newest is None:
        if chunks:
            raise ValueError("sealed game entries without newer ones")
        tip = None
    else:
        index, number = newest
        if not (isinstance(index, int) and isinstance(number, int) and seal <= index and number <= seq
                and (not seqs or seqs[-1] < number)):
            raise ValueError("a snapshot's newest entry out of place")
        tip = cast(Link, _LaterTip(sealed, rows, index, number))
    stack = cast(Stack, _LaterStack(match.id, in_force_below)) if in_force_below else None
    for number in in_force:
        stack = Stack(number, stack)
    if not (isinstance(undone, frozenset) and isinstance(corrections, tuple) and isinstance(disputes, tuple)
            and isinstance(broken, tuple) and isinstance(work, int) and (entry is None or isinstance(entry, dict))):
        raise ValueError("a snapshot of another shape")
    players = tuple(match.players)
    return Replay(game, game.settings_type.from_dict(match.settings), match.mode, state, seq, players,
                  tip, stack, undone, corrections, disputes, broken, work, entry)


# --- reading and writing ---------------------------------------------------------------------

def newest(match: AnyMatch, upto: int) -> Replay | None:
    """The replay of the newest good snapshot at or before seq ``upto``, or None. A snapshot
    that fails a check is logged and passed over."""
    game = games.get(match.game)
    if game is None or upto < EVERY:
        return None
    code = code_version(game)
    where = (Snapshot.match_id == match.id, Snapshot.seq <= upto, Snapshot.rules_version == game.rules_version,
             Snapshot.format == FORMAT, Snapshot.code == code)
    try:  # the seqs first: only the data of the snapshot used is read
        seqs = execute(select(Snapshot.seq).where(*where).order_by(Snapshot.seq.desc()).limit(KEEP)).scalars().all()
    except Exception:  # noqa: BLE001 - a cache: without it the log is replayed in full
        log_.exception("snapshots of match %s could not be read", match.id)
        return None
    for seq in seqs:
        try:
            row = execute(select(Snapshot.signature, Snapshot.data).where(*where, Snapshot.seq == seq)).first()
        except Exception:  # noqa: BLE001
            log_.exception("snapshot %s of match %s could not be read", seq, match.id)
            return None
        if row is None:
            continue
        signature, data = row[0], bytes(row[1])
        if not hmac.compare_digest(signature, _signature(match.id, seq, game.rules_version, code, data)):
            log_.warning("snapshot %s of match %s ignored: its signature does not match", seq, match.id)
            continue
        try:
            return decode(data, match, seq)
        except Exception:  # noqa: BLE001 - never trusted: whatever fails, the log is replayed
            log_.warning("snapshot %s of match %s ignored: it does not load", seq, match.id, exc_info=True)
    return None


def drop(match_id: str) -> None:
    """Delete every snapshot of a match (in its own transaction). Never raises: a failure is
    logged, and a snapshot left behind is passed over only if it fails a check again."""
    try:
        with db.engine.begin() as connection:
            connection.execute(delete(Snapshot).where(Snapshot.match_id == match_id))
    except Exception:  # noqa: BLE001 - a cache
        log_.warning("the snapshots of match %s were not dropped", match_id, exc_info=True)


def phase(match_id: str) -> int:
    """Where within each EVERY seqs the match's snapshots fall: its id's CRC-32 modulo EVERY
    (a digest, not ``hash``, which differs from one process to the next)."""
    return zlib.crc32(match_id.encode()) % EVERY


def is_due(match_id: str, seq: int) -> bool:
    """Whether entry ``seq`` of the match gets a snapshot."""
    return seq >= EVERY and seq % EVERY == phase(match_id)


def due(match_id: str, after: int, upto: int) -> int | None:
    """The newest seq in (after, upto] that gets a snapshot, if any."""
    newest_due = upto - (upto - phase(match_id)) % EVERY
    return newest_due if newest_due > after and newest_due >= EVERY else None


# Built once: a statement built per call cost more to build and key than to run.
_REPLACED = delete(Snapshot).where(Snapshot.match_id == bindparam("match_id"),
                                   or_(Snapshot.seq == bindparam("seq"), Snapshot.seq <= bindparam("oldest_kept")))
_INSERT = insert(Snapshot)


def save(match: AnyMatch, replay: Replay) -> bool:
    """Write a snapshot of ``replay`` (in its own transaction), replacing one at the same seq
    and dropping older ones beyond the KEEP newest. Never raises: a failure is logged."""
    try:
        game = games.get(match.game)
        if game is None or not is_due(match.id, replay.seq):
            return False
        if not _may_write_now():
            return False
        data = encode(replay, match.id)
        if data is None:
            return False
        code = code_version(game)
        row = {"match_id": match.id, "seq": replay.seq, "rules_version": game.rules_version, "format": FORMAT,
               "code": code, "signature": _signature(match.id, replay.seq, game.rules_version, code, data),
               "data": data, "created_at": datetime.now(timezone.utc)}
        with db.engine.begin() as connection:
            connection.execute(_REPLACED, {"match_id": match.id, "seq": replay.seq,
                                           "oldest_kept": replay.seq - KEEP * EVERY})
            connection.execute(_INSERT, row)
        return True
    except BrokenSnapshot:  # the replay holds a part of an older snapshot that does not decode
        log_.error("snapshot %s of match %s was not written, and the older ones are dropped", replay.seq,
                   match.id, exc_info=True)
        drop(match.id)
        return False
    except Exception:  # noqa: BLE001 - a cache: the request goes on without it
        log_.warning("snapshot %s of match %s was not written", replay.seq, match.id, exc_info=True)
        return False


def _may_write_now() -> bool:
    """False while the log's connection (``models.connection``, else the session's) holds an
    SQLite transaction: it may hold the database's write lock (an append waiting its turn), for
    which a second connection would wait in vain. The snapshot is then left to the next read
    that crosses its seq."""
    open_ = open_transaction()
    if open_ is None or dialect_name() != "sqlite":
        return True
    return not getattr(open_.connection.dbapi_connection, "in_transaction", True)


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
