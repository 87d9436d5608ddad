"""The log and its replay: creating a match, appending an entry once (idempotent by client id,
safe against a second writer), and the state as a replay of the log, cached per process and
brought up to date from the log on every read. A stored entry is never refused on reading:
one that today's rules no longer accept is set aside and marked (``referee.replay``)."""
from __future__ import annotations

import json
import logging
import secrets
import threading
from collections import OrderedDict
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import partial
from typing import Any, Callable

from sqlalchemy import bindparam, func, insert, select, text
from sqlalchemy.exc import IntegrityError

from referee import engine, games
from referee.actions import ENVELOPE_KEYS, Action
from referee.engine import Finding, GameRules
from referee.errors import IllegalAction, InvalidAction, RuleViolation
from referee.i18n import N_, _, any_of, gettext
from referee.replay import TABLE_ENTRIES, Replay, step
from referee.settings import Settings
from referee.store import snapshots
from referee.store.inputs import check_input, check_one_line
from referee.store.models import (
    MAX_BY,
    MAX_CLIENT_ID,
    AnyMatch,
    Event,
    Match,
    Prepared,
    commit,
    db,
    dialect_name,
    execute,
    forget_matches,
    hash_token,
    new_match_id,
    new_viewer_code,
    rollback,
    scorer_code_for,
)

log_ = logging.getLogger(__name__)

# Optimistic tries before a write without `expect` waits for the match's write lock.
OPTIMISTIC_TRIES = 3
# Locked tries: on SQLite the first always wins; on PostgreSQL a newcomer's optimistic try can
# still take the seq, since the row lock keeps out only the other waiting writers.
LOCKED_TRIES = 100


class StaleExpect(Exception):
    """The client's `expect` is behind the log: nothing was appended."""

    def __init__(self, replay: Replay):
        super().__init__(f"the match has moved on to entry {replay.seq}")
        self.replay = replay


@dataclass(frozen=True)
class Appended:
    seq: int
    replay: Replay
    findings: tuple[Finding, ...]



def create_match(game_name: Any, players: Any, settings: Any, mode: Any = "play",
                 title: Any = "", rematch_of: str | None = None) -> tuple[Match, str, Replay]:
    # As fields, so that a refusal names the one at fault ("players", "title").
    check_input({"game": game_name, "players": players, "settings": settings, "mode": mode, "title": title},
                N_("request"))
    if rematch_of is None:  # a rematch copies names and a title already stored, as they are
        check_one_line(players, title)
    variant = games.VARIANTS.get(game_name) if isinstance(game_name, str) else None
    if variant is not None:  # a game as players name it: its engine, with its house rules fixed
        game_name = variant.game
        settings = _with_fixed_rules(variant, settings)
    game = games.get(game_name) if isinstance(game_name, str) else None
    if game is None:
        raise InvalidAction(_("unknown game “{name}”: choose one of {games}", name=str(game_name)[:40],
                              games=any_of([*games.GAMES, *games.VARIANTS])), rule="SETUP")
    parsed, state = engine.new_match(game, players, settings, mode)
    if rematch_of is None:
        game.check_new_players(tuple(p.strip() for p in players))
    for attempt in range(3):
        match, token = new_match_row(game, parsed, players, mode, title)
        match.rematch_of = rematch_of
        try:
            db.session.commit()
            break
        except IntegrityError:  # a viewer code drawn twice: draw again
            db.session.rollback()
            if attempt == 2:
                raise
    replay = Replay(game, parsed, mode, state, 0, tuple(match.players))
    cache_put(match.id, replay)
    return match, token, replay


def _with_fixed_rules(variant: games.Variant, settings: Any) -> Any:
    """The posted house rules with the variant's fixed ones. One of those posted with another
    value is refused rather than overruled: the table asked for two different games. Settings
    that are not an object are left for the game's settings check to refuse."""
    if settings is None:
        return dict(variant.settings)
    if not isinstance(settings, dict):
        return settings
    for name, value in variant.settings.items():
        if name in settings and settings[name] != value:
            raise InvalidAction(_("{game} fixes the house rule “{name}”: leave it out, or choose {base}",
                                  game=gettext(variant.title), name=name,
                                  base=games.rules_of(variant.game).title), rule="SETTINGS")
    return {**settings, **variant.settings}


def new_match_row(game: GameRules, settings: Settings, players: list[str], mode: str,
               title: Any, rules_version: int | None = None) -> tuple[Match, str]:
    """A new match row (not yet committed) and its scorer token, which is stored only hashed."""
    if title is None:
        title = ""
    if not isinstance(title, str) or len(title) > 120:
        raise InvalidAction(_("the title must be text of at most 120 characters"), rule="SETUP")
    token = secrets.token_urlsafe(32)
    match = Match(
        id=new_match_id(), game=game.name, title=title.strip(), mode=mode,
        players=[p.strip() for p in players], settings=settings.as_dict(),
        created_at=datetime.now(timezone.utc), scorer_token_hash=hash_token(token),
        viewer_code=new_viewer_code(), scorer_code_hash=hash_token(scorer_code_for(token)),
        rules_version=game.rules_version if rules_version is None else rules_version,
    )
    db.session.add(match)
    return match, token


def reissue_scorer_token(match: Match) -> str:
    """A new scorer token and code; the old link and code stop working at once."""
    token = secrets.token_urlsafe(32)
    match.scorer_token_hash = hash_token(token)
    match.scorer_code_hash = hash_token(scorer_code_for(token))
    db.session.commit()
    return token



# --- replay ----------------------------------------------------------------------------------

_cache: OrderedDict[str, Replay] = OrderedDict()
cache_lock = threading.Lock()
CACHE_SIZE = 256


def _cache_get(match_id: str) -> Replay | None:
    with cache_lock:
        replay = _cache.get(match_id)
        if replay is not None:
            _cache.move_to_end(match_id)
        return replay


def cache_put(match_id: str, replay: Replay) -> None:
    with cache_lock:
        current = _cache.get(match_id)
        if current is None or current.seq <= replay.seq:
            _cache[match_id] = replay
            _cache.move_to_end(match_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    with cache_lock:
        _cache.clear()
    forget_matches()


def fresh_replay(match: AnyMatch) -> Replay:
    game = games.rules_of(match.game)
    settings = game.settings_type.from_dict(match.settings)
    players = tuple(match.players)
    return Replay(game, settings, match.mode, game.start(players, settings, match.mode), 0, players)


# The statements of the read and write paths, built once (SQLAlchemy Core, no ORM): a statement
# built per call cost more to build and to key for the compiled cache than to run.
_LAST_SEQ = Prepared(select(func.coalesce(func.max(Event.seq), 0)).where(Event.match_id == bindparam("match_id")))
_EVENTS = Prepared(select(Event.seq, Event.action)
                   .where(Event.match_id == bindparam("match_id"), Event.seq > bindparam("after"),
                          Event.seq <= bindparam("upto"))
                   .order_by(Event.seq))
_LOG = (select(Event.seq, Event.action, Event.time, Event.by)
        .where(Event.match_id == bindparam("match_id"), Event.seq > bindparam("after"),
               Event.seq <= bindparam("upto"))
        .order_by(Event.seq))
_ENTRY = Prepared(select(Event.action).where(Event.match_id == bindparam("match_id"), Event.seq == bindparam("seq")))
_BY_CLIENT_ID = select(Event.seq, Event.action, Event.by).where(Event.match_id == bindparam("match_id"),
                                                              Event.client_id == bindparam("client_id"))
_INSERT_EVENT = Prepared(insert(Event))
_NO_END = 2**31 - 1  # seqs are 32-bit integers: "no upper bound"


def _execute(statement, **params):
    return execute(statement, params)


def last_seq(match_id: str) -> int:
    return _LAST_SEQ.rows({"match_id": match_id})[0][0]


def _events(match_id: str, after: int, upto: int | None = None) -> list[tuple[int, dict]]:
    return _EVENTS.rows({"match_id": match_id, "after": after, "upto": _NO_END if upto is None else upto})


def forget_broken(broken: snapshots.BrokenSnapshot) -> None:
    """A part of a snapshot failed to decode when it was reached: drop the match's snapshots and
    its cached replay, so that the next read replays its log (and writes good snapshots)."""
    log_.error("%s: its snapshots are dropped and its log is read again", broken, exc_info=broken)
    snapshots.drop(broken.match_id)
    with cache_lock:
        _cache.pop(broken.match_id, None)


def _healing(read: Callable[..., Replay], match: AnyMatch, *args: Any) -> Replay:
    """``read(match, ...)``, read once more from the log if it reached a broken snapshot part."""
    try:
        return read(match, *args)
    except snapshots.BrokenSnapshot as broken:
        forget_broken(broken)
        return read(match, *args)


def load(match: AnyMatch) -> Replay:
    """The match's replay, brought up to date with the log (no query when the seq read with
    the match shows nothing changed, one otherwise). Stored entries are read, never refused."""
    return _healing(_load, match)


def _load(match: AnyMatch) -> Replay:
    replay = _cache_get(match.id)
    newest = getattr(match, "newest_seq", None)
    match.newest_seq = None  # good for one look only: later looks ask the database
    if newest is None:
        newest = last_seq(match.id)
    if replay is not None and replay.seq == newest:
        return replay
    cold = replay is None or replay.seq > newest
    if replay is None or cold:  # from the newest good snapshot, else from the start; then the tail
        replay = snapshots.newest(match, newest) or fresh_replay(match)
    due = snapshots.due(match.id, replay.seq, newest) if cold else None
    at_due = None
    for seq, action in _events(match.id, replay.seq):
        replay, _findings = step(replay, action, seq, stored=True)
        if seq == due:
            at_due = replay
    cache_put(match.id, replay)
    if at_due is not None:  # a cold read that crossed a snapshot's seq writes it
        snapshots.save(match, at_due)
    return replay


def replay_until(match: AnyMatch, seq: int) -> Replay:
    """The replay as it stood right after entry ``seq`` (for answering a retried action)."""
    return _healing(_replay_until, match, seq)


def _replay_until(match: AnyMatch, seq: int) -> Replay:
    cached = _cache_get(match.id)
    if cached is not None and cached.seq == seq:
        return cached
    replay = snapshots.newest(match, seq) or fresh_replay(match)
    for number, action in _events(match.id, replay.seq, seq):
        replay, _findings = step(replay, action, number, stored=True)
    return replay


# --- appending -------------------------------------------------------------------------------

def _envelope(data: Any) -> tuple[str | None, int | None, str | None]:
    if not isinstance(data, dict):
        raise InvalidAction(_("an action must be a JSON object with a \"type\""), rule="ACTION")
    client_id, expect, by = data.get("id"), data.get("expect"), data.get("by")
    if client_id is not None and (not isinstance(client_id, str) or not 0 < len(client_id) <= MAX_CLIENT_ID):
        raise InvalidAction(_("\"id\" must be text of 1 to {n} characters", n=MAX_CLIENT_ID), rule="ACTION")
    if expect is not None and (isinstance(expect, bool) or not isinstance(expect, int) or expect < 0):
        raise InvalidAction(_("\"expect\" must be the seq you last saw (a whole number)"), rule="ACTION")
    if by is not None and (not isinstance(by, str) or len(by) > MAX_BY):
        raise InvalidAction(_("\"by\" must be a name of at most {n} characters", n=MAX_BY), rule="ACTION")
    return client_id, expect, (by.strip() or None) if by else None


def _check_named_player(match: AnyMatch, data: dict) -> None:
    """A new entry's ``player``, when given, names one of the match's players, whatever the
    moment: also where nobody is in turn (a quick entry, an undo) and the engine asks no more.
    Checked here, for new entries only, so that a stored entry is read as it always was."""
    named = data.get("player")
    if named is not None and named not in match.players:
        raise InvalidAction(_("{name} is not a player in this match", name=repr(named)[:40]), rule="TURN")


# A table entry as a refusal names it.
TABLE_ENTRY_WORDS = {"undo": N_("an undo"), "correct": N_("a correction"), "drop": N_("a drop"),
                     "dispute": N_("a dispute"), "ruling": N_("a ruling")}
# Links followed from a table entry to the entry of play it is about: ruling -> dispute -> entry,
# with room for a stored dispute on a dispute.
ABOUT_HOPS = 4


def _check_disputed(match: AnyMatch, target: int) -> None:
    """A new dispute names an entry of play: what was played at the table is what players
    argue about. Also one since undone, corrected or set aside: "the undo took back the wrong
    card" and "the correction got it wrong" are disputes about that entry, and the timeline
    shows them beside it. A table entry is the record of such an argument or its remedy, and a
    dispute on it could never be carried out. Checked here, for new entries only, so that a
    stored dispute on a table entry is read (and imported) as it always was. ``target`` is in
    the log: the replay refused any seq beyond it."""
    named = _stored_action(match.id, target)
    kind = named.get("type") if isinstance(named, dict) else None
    if kind not in TABLE_ENTRIES:
        return
    what = _(TABLE_ENTRY_WORDS[kind])
    about = _entry_of_play_behind(match.id, named)
    if about is None:  # an undo names no entry: the one it took back is marked undone
        raise IllegalAction(_("entry {n} is {what}, not an entry of play: a dispute names what was played at "
                              "the table — an entry of play, also one since undone, corrected or set aside",
                              n=target, what=what), rule="DISPUTE")
    raise IllegalAction(_("entry {n} is {what}, not an entry of play: a dispute names what was played at the "
                          "table — here entry {about}, the entry of play it is about", n=target, what=what,
                          about=about), rule="DISPUTE")


def _entry_of_play_behind(match_id: str, action: dict) -> int | None:
    """The entry of play a table entry is about, or None (an undo, or a chain that ends
    nowhere in a stored log)."""
    for _hop in range(ABOUT_HOPS):
        number = action.get("dispute") if action.get("type") == "ruling" else action.get("seq")
        if not isinstance(number, int) or isinstance(number, bool):  # an undo names none
            return None
        behind = _stored_action(match_id, number)
        if not isinstance(behind, dict):
            return None
        if behind.get("type") not in TABLE_ENTRIES:
            return number
        action = behind
    return None


def _stored_action(match_id: str, seq: int) -> Any:
    rows = _ENTRY.rows({"match_id": match_id, "seq": seq})
    return rows[0][0] if rows else None


# Work that may wait until the answer is on its way (see ``answer_first``).
_after_answer: ContextVar[list[Callable[[], object]] | None] = ContextVar("referee_after_answer", default=None)


class answer_first:  # lower case: read as a function, ``with answer_first() as later:``
    """Within this block, the snapshot an append is due to write is not written: a call that
    writes it is added to the list yielded, for the caller to make once its answer is sent. A
    snapshot is a cache: written a moment later, it changes nothing but when a cold read can
    start from it; the entry that is due one costs its writer no time before the answer. (A
    class, not a generator: the fast path enters it around every action.)"""

    __slots__ = ("later", "token")

    def __enter__(self) -> list[Callable[[], object]]:
        self.later: list[Callable[[], object]] = []
        self.token = _after_answer.set(self.later)
        return self.later

    def __exit__(self, *_exc: object) -> None:
        _after_answer.reset(self.token)


def append(match: AnyMatch, data: Any) -> Appended:
    """Validate ``data`` against the replayed state and append it, once, as the engine read it.

    A few optimistic tries first: judge against the cached replay and let the (match, seq) key
    refuse a second writer. A client that named the entry it saw (``expect``) is then told the
    match moved on; one that did not is never refused for contention: it waits its turn under
    the match's write lock and is judged against the state it finds there.

    Raises RuleViolation (nothing appended), StaleExpect (409), or returns the new entry.
    """
    check_input(data)
    client_id, expect, by = _envelope(data)
    Action(data)  # a type, before any database work
    _check_named_player(match, data)
    for _attempt in range(OPTIMISTIC_TRIES):
        appended = _try_append(match, data, client_id, expect, by)
        if appended is not None:
            return appended
    if expect is not None:
        raise StaleExpect(load(match))
    for _attempt in range(LOCKED_TRIES):
        _lock_match(match.id)
        appended = _try_append(match, data, client_id, expect, by)
        if appended is not None:
            return appended
    raise StaleExpect(load(match))  # every locked try lost to a newcomer's optimistic one


def _try_append(match: AnyMatch, data: Any, client_id: str | None, expect: int | None,
                by: str | None) -> Appended | None:
    """One try, with no read before the write: judge against the cached replay and insert entry
    seq + 1, letting the (match, seq) key refuse a second writer and the (match, client id) key
    a second copy of a retry. Returns the entry appended (or the retried one, found already
    appended), or None when another writer took the seq first. Ends the transaction either way."""
    try:
        replay = load(match)
        if expect is not None and expect != replay.seq:
            raise StaleExpect(replay)
        seq = replay.seq + 1
        after, findings = step(replay, data, seq)
        if after.disputes and after.disputes[-1].seq == seq:
            _check_disputed(match, after.disputes[-1].target)
    except (RuleViolation, StaleExpect):
        # A retry of an entry already in the log is judged against a log that holds it: it is
        # answered as it was the first time, not refused.
        earlier = _earlier(match, client_id, data, by)
        if earlier is not None:
            return earlier
        raise
    except snapshots.BrokenSnapshot as broken:  # judged again by the next try, from the log
        rollback()
        forget_broken(broken)
        return None
    except BaseException:
        rollback()
        raise
    try:
        # One Core statement run straight on the connection (models.Prepared): an append-only
        # row has nothing for the ORM to track.
        _INSERT_EVENT.write({"match_id": match.id, "seq": seq, "action": after.entry, "by": by,
                             "client_id": client_id, "time": datetime.now(timezone.utc)})
        commit()
    except IntegrityError:
        # Another writer took this seq first, or this is a retry whose entry is stored already.
        return _earlier(match, client_id, data, by)
    cache_put(match.id, after)
    if snapshots.is_due(match.id, seq):
        later = _after_answer.get()
        if later is None:
            snapshots.save(match, after)
        else:
            later.append(partial(snapshots.save, match, after))
    return Appended(seq, after, findings)


def _earlier(match: AnyMatch, client_id: str | None, data: dict, by: str | None) -> Appended | None:
    """The stored entry with this client id, if any (ending the transaction of the try first).
    Raises InvalidAction (rule ``ID``) when that id was given to a different entry."""
    rollback()
    return None if client_id is None else _by_client_id(match, client_id, data, by)


def _lock_match(match_id: str) -> None:
    """Begin a transaction that holds the match's write lock until it ends: SQLite's database
    write lock (BEGIN IMMEDIATE, waiting up to the busy timeout), PostgreSQL's row lock on the
    match. That lock is FOR NO KEY UPDATE: a plain FOR UPDATE would also wait for the key-share
    locks that every entry's foreign key check takes on the match, and deadlock with them."""
    rollback()
    if dialect_name() == "sqlite":
        execute(text("BEGIN IMMEDIATE"))
    else:
        execute(select(Match.id).where(Match.id == match_id).with_for_update(key_share=True))


def _by_client_id(match: AnyMatch, client_id: str, data: dict, by: str | None) -> Appended | None:
    row = _execute(_BY_CLIENT_ID, match_id=match.id, client_id=client_id).first()
    if row is None:
        return None
    seq, stored, stored_by = row
    # Answering a different entry as if it were the retried one would drop it unseen.
    if by != stored_by or not _same_action(match, seq, stored, data):
        raise InvalidAction(_("the id “{id}” was already used for a different entry (entry {n}): nothing was "
                              "entered. Give this entry an id of its own.", id=client_id[:40], n=seq), rule="ID")
    replay = replay_until(match, seq)
    findings = tuple(Finding(f["rule"], f["message"], f["seq"], f.get("about"))
                     for f in replay.view().get("findings", []) if f["seq"] == seq)
    return Appended(seq, replay, findings)


def _same_action(match: AnyMatch, seq: int, stored: dict, data: dict) -> bool:
    """Whether ``data`` is the action stored as entry ``seq``: the same fields (a retry sent as
    the log keeps it), or read by the rules, against the state that entry was judged in, as
    that same entry (a retry of the very request, its cards spelled as typed, a field nobody
    reads). ``expect`` is no part of it: a phone resends a queued entry without it."""
    if _as_json(_fields(data)) == _as_json(_fields(stored)):
        return True
    try:
        reread, _findings = step(replay_until(match, seq - 1), data, seq)
    except RuleViolation:  # not an entry there (or one today's rules no longer accept)
        return False
    return _as_json(reread.entry) == _as_json(stored)


def _fields(action: dict) -> dict:
    # Also for an entry stored as it was typed, before entries were kept as the engine read them.
    return {k: v for k, v in action.items() if k not in ENVELOPE_KEYS and v is not None}


def _as_json(action: Any) -> str:
    # As JSON tells values apart: 1, 1.0 and true are equal in Python, not in an action.
    return json.dumps(action, sort_keys=True)



# --- the log ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class LogEntry:
    seq: int
    action: dict
    time: datetime
    by: str | None
    undone: bool
    corrected_by: int | None = None   # the correction now standing in for this entry
    dropped_by: int | None = None     # the correction that set this entry aside
    no_longer_accepted: RuleViolation | None = None  # refused by the current rules on reading

    def as_dict(self) -> dict[str, Any]:
        broken = self.no_longer_accepted
        return {"seq": self.seq, "action": self.action, "time": self.time.isoformat(),
                "by": self.by, "undone": self.undone, "corrected_by": self.corrected_by,
                "dropped_by": self.dropped_by,
                "no_longer_accepted": None if broken is None else broken.as_dict()}


@dataclass(frozen=True)
class Marks:
    """What the newest replay says about earlier entries: undone, corrected, set aside, refused."""

    undone: frozenset[int]
    corrected: dict[int, int]
    dropped: dict[int, int]
    broken: dict[int, RuleViolation]

    @classmethod
    def of(cls, replay: Replay) -> Marks:
        return cls(replay.undone, {seq: c.seq for seq, c in replay.replaced.items()},
                   {seq: c.seq for seq, c in replay.dropped.items()}, dict(replay.broken))

    def entry(self, seq: int, action: dict, time: datetime, by: str | None) -> LogEntry:
        return LogEntry(seq, action, as_utc(time), by, seq in self.undone, self.corrected.get(seq),
                        self.dropped.get(seq), self.broken.get(seq))


def log(match: AnyMatch, after: int = 0, upto: int | None = None) -> list[LogEntry]:
    """The log's entries (``after`` < seq <= ``upto``), marked as the newest replay sees them."""
    marks = Marks.of(load(match))
    rows = _execute(_LOG, match_id=match.id, after=after, upto=_NO_END if upto is None else upto)
    return [marks.entry(seq, action, time, by) for seq, action, time, by in rows]



def as_utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything stored is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
