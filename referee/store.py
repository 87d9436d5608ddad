"""The event store: matches and their append-only logs, and the state as a replay of the log.

- An event's primary key is (match, seq): two writers cannot both append seq n; the loser's
  insert fails and it re-validates against the new state (or answers 409 if it sent `expect`).
- A client `id` is unique per match: a retried action is appended once and answered the same.
- `undo` is itself an event; the actions it retracts stay in the log and are marked undone by
  the replay, never by an update.
- Replays are cached per process and brought up to date from the log on every read, so a
  request costs one indexed query plus the new events, not the whole log.
- A stored entry is never refused on reading: one that today's rules no longer accept is set
  aside and marked (see ``referee.replay``), so every match stays readable.
- What is stored is what the engine read: fields nobody asked for are not kept, and every
  value is checked for size, depth and printable text before anything is written.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
import time as clock
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, UniqueConstraint, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from referee import games, rules
from referee.i18n import N_, _, all_of, any_of, current, gettext
from referee.replay import TABLE_ENTRIES, Replay, step
from referee.rules import Action, Finding, InvalidAction, RuleViolation

log_ = logging.getLogger(__name__)

# Rows stay readable after a commit: a request reads its match again only when it asks to.
db = SQLAlchemy(session_options={"expire_on_commit": False})

MAX_CLIENT_ID = 80
MAX_BY = 40
APPEND_ATTEMPTS = 8


class Match(db.Model):
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

    def scorer_token_ok(self, credential: str | None) -> bool:
        """A scorer link's token, or the short scorer code made from it."""
        if not credential:
            return False
        hashed = _hash_token(credential)
        token_ok = hmac.compare_digest(hashed, self.scorer_token_hash)
        code_ok = hmac.compare_digest(_hash_token(normal_code(credential)), self.scorer_code_hash or "")
        return token_ok or code_ok


class Event(db.Model):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("match_id", "client_id", name="uq_events_client_id"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    action: Mapped[dict] = mapped_column(JSON)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    by: Mapped[str | None] = mapped_column(String(MAX_BY), nullable=True)
    client_id: Mapped[str | None] = mapped_column(String(MAX_CLIENT_ID), nullable=True)


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: easy to read out and type
VIEWER_CODE_LENGTH, SCORER_CODE_LENGTH = 6, 10


def normal_code(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def scorer_code_for(token: str) -> str:
    """The short scorer code of a token: typeable, and useless for finding the token."""
    digest = hashlib.sha256(b"scorer-code:" + token.encode()).digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:SCORER_CODE_LENGTH])


def show_code(code: str) -> str:
    half = (len(code) + 1) // 2
    return f"{code[:half]}-{code[half:]}"


def _new_viewer_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _position in range(VIEWER_CODE_LENGTH))


def find_by_code(text: str) -> tuple[Match, bool] | None:
    """The match a typed code opens, and whether it is the scorer code."""
    code = normal_code(text or "")
    if len(code) == VIEWER_CODE_LENGTH:
        match = db.session.scalar(select(Match).where(Match.viewer_code == code))
        return (match, False) if match else None
    if len(code) == SCORER_CODE_LENGTH:
        match = db.session.scalar(select(Match).where(Match.scorer_code_hash == _hash_token(code)))
        return (match, True) if match else None
    return None


class MatchNotFound(LookupError):
    pass


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


# --- matches ---------------------------------------------------------------------------------

# Bounds on what any action may hold: the engines read small values, and nothing that is read
# back later (timeline, sheet, export) should meet a structure it cannot walk.
MAX_DEPTH = 6          # {"action": {"cards": ["7c"]}} is depth 3
MAX_VALUES = 500
MAX_TEXT = 2_000
MAX_KEY = 40
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def check_input(data: Any, what: str = N_("action")) -> None:
    """Refuse (422, rule ACTION) before anything is written: values nested deeper than
    MAX_DEPTH, more than MAX_VALUES values, text longer than MAX_TEXT, control characters (a
    line break or tab is allowed), lone surrogates, and NUL (PostgreSQL cannot store one).
    Walks iteratively: no input can exhaust the stack."""
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    count = 0
    while stack:
        item, depth, where = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise InvalidAction(_("the {what} holds too many values (at most {n})", what=gettext(what),
                                  n=MAX_VALUES), rule="ACTION")
        if depth > MAX_DEPTH:
            raise InvalidAction(_("“{field}” is nested too deeply (at most {n} levels)", field=where[:40],
                                  n=MAX_DEPTH), rule="ACTION")
        if isinstance(item, str):
            _check_text(item, where)
        elif isinstance(item, dict):
            for key, value in item.items():
                if not isinstance(key, str) or len(key) > MAX_KEY:
                    raise InvalidAction(_("a field name must be text of at most {n} characters", n=MAX_KEY),
                                        rule="ACTION")
                _check_text(key, key)
                stack.append((value, depth + 1, key))
        elif isinstance(item, (list, tuple)):
            stack.extend((value, depth + 1, where) for value in item)
        elif not (item is None or isinstance(item, (bool, int, float))):
            raise InvalidAction(_("“{field}” holds a value of an unknown kind", field=where[:40]), rule="ACTION")


def _check_text(text: str, where: str) -> None:
    field = where[:40] or "type"
    if len(text) > MAX_TEXT:
        raise InvalidAction(_("“{field}” is longer than {n} characters", field=field, n=MAX_TEXT), rule="ACTION")
    if "\x00" in text:
        raise InvalidAction(_("text may not contain NUL characters"), rule="ACTION")
    if _CONTROL.search(text):
        raise InvalidAction(_("“{field}” holds a control character", field=field), rule="ACTION")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidAction(_("“{field}” holds a broken character (a lone surrogate)", field=field),
                            rule="ACTION") from None


def create_match(game_name: Any, players: Any, settings: Any, mode: Any = "play",
                 title: Any = "") -> tuple[Match, str, Replay]:
    check_input([game_name, players, settings, mode, title], N_("request"))
    game = games.get(game_name) if isinstance(game_name, str) else None
    if game is None:
        raise InvalidAction(_("unknown game “{name}”: choose one of {games}", name=str(game_name)[:40],
                              games=any_of(games.GAMES)), rule="SETUP")
    parsed, state = rules.new_match(game, players, settings, mode)
    for attempt in range(3):
        match, token = _new_match(game, parsed, players, mode, title)
        try:
            db.session.commit()
            break
        except IntegrityError:  # a viewer code drawn twice: draw again
            db.session.rollback()
            if attempt == 2:
                raise
    replay = Replay(game, parsed, mode, state, 0, tuple(match.players))
    _cache_put(match.id, replay)
    return match, token, replay


def _new_match(game: rules.GameRules, settings: rules.Settings, players: list[str], mode: str,
               title: Any, rules_version: int | None = None) -> tuple[Match, str]:
    """A new match row (not yet committed) and its scorer token, which is stored only hashed."""
    if title is None:
        title = ""
    if not isinstance(title, str) or len(title) > 120:
        raise InvalidAction(_("the title must be text of at most 120 characters"), rule="SETUP")
    token = secrets.token_urlsafe(32)
    match = Match(
        id=_new_match_id(), game=game.name, title=title.strip(), mode=mode,
        players=[p.strip() for p in players], settings=settings.as_dict(),
        created_at=datetime.now(timezone.utc), scorer_token_hash=_hash_token(token),
        viewer_code=_new_viewer_code(), scorer_code_hash=_hash_token(scorer_code_for(token)),
        rules_version=game.rules_version if rules_version is None else rules_version,
    )
    db.session.add(match)
    return match, token


def reissue_scorer_token(match: Match) -> str:
    """A new scorer token and code; the old link and code stop working at once."""
    token = secrets.token_urlsafe(32)
    match.scorer_token_hash = _hash_token(token)
    match.scorer_code_hash = _hash_token(scorer_code_for(token))
    db.session.commit()
    return token


def _new_match_id() -> str:
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


def recent_matches(limit: int = 20) -> list[Match]:
    return list(db.session.scalars(select(Match).order_by(Match.created_at.desc()).limit(limit)))


# --- replay ----------------------------------------------------------------------------------

_cache: OrderedDict[str, Replay] = OrderedDict()
_cache_lock = threading.Lock()
CACHE_SIZE = 256


def _cache_get(match_id: str) -> Replay | None:
    with _cache_lock:
        replay = _cache.get(match_id)
        if replay is not None:
            _cache.move_to_end(match_id)
        return replay


def _cache_put(match_id: str, replay: Replay) -> None:
    with _cache_lock:
        current = _cache.get(match_id)
        if current is None or current.seq <= replay.seq:
            _cache[match_id] = replay
            _cache.move_to_end(match_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()
        _told.clear()


def _fresh(match: Match) -> Replay:
    game = games.get(match.game)
    settings = game.settings_type.from_dict(match.settings)
    players = tuple(match.players)
    return Replay(game, settings, match.mode, game.start(players, settings, match.mode), 0, players)


def last_seq(match_id: str) -> int:
    return db.session.scalar(select(func.coalesce(func.max(Event.seq), 0)).where(Event.match_id == match_id))


def _events(match_id: str, after: int, upto: int | None = None):
    query = select(Event.seq, Event.action).where(Event.match_id == match_id, Event.seq > after)
    if upto is not None:
        query = query.where(Event.seq <= upto)
    return db.session.execute(query.order_by(Event.seq))


def load(match: Match) -> Replay:
    """The match's replay, brought up to date with the log (no query when the seq read with
    the match shows nothing changed, one otherwise). Stored entries are read, never refused."""
    replay = _cache_get(match.id)
    newest = getattr(match, "newest_seq", None)
    match.newest_seq = None  # good for one look only: later looks ask the database
    if newest is None:
        newest = last_seq(match.id)
    if replay is not None and replay.seq == newest:
        return replay
    if replay is None or replay.seq > newest:
        replay = _fresh(match)
    for seq, action in _events(match.id, replay.seq):
        replay, _findings = step(replay, action, seq, stored=True)
    _cache_put(match.id, replay)
    return replay


def replay_until(match: Match, seq: int) -> Replay:
    """The replay as it stood right after entry ``seq`` (for answering a retried action)."""
    cached = _cache_get(match.id)
    if cached is not None and cached.seq == seq:
        return cached
    replay = _fresh(match)
    for number, action in _events(match.id, 0, seq):
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


def append(match: Match, data: Any) -> Appended:
    """Validate ``data`` against the replayed state and append it, once, as the engine read it.

    Raises RuleViolation (nothing appended), StaleExpect (409), or returns the new entry.
    """
    check_input(data)
    client_id, expect, by = _envelope(data)
    Action(data)  # a type, before any database work
    for _attempt in range(APPEND_ATTEMPTS):
        if client_id is not None:
            earlier = _by_client_id(match.id, client_id)
            if earlier is not None:
                return earlier
        replay = load(match)
        if expect is not None and expect != replay.seq:
            raise StaleExpect(replay)
        seq = replay.seq + 1
        after, findings = step(replay, data, seq)
        try:
            # A plain INSERT: the unit of work has nothing to track for an append-only row.
            db.session.execute(insert(Event).values(match_id=match.id, seq=seq, action=after.entry, by=by,
                                                    client_id=client_id, time=datetime.now(timezone.utc)))
            db.session.commit()
        except IntegrityError:
            # Another writer took this seq (or this client id) first: look again.
            db.session.rollback()
            continue
        _cache_put(match.id, after)
        return Appended(seq, after, findings)
    raise StaleExpect(load(match))


def _by_client_id(match_id: str, client_id: str) -> Appended | None:
    event = db.session.scalar(select(Event).where(Event.match_id == match_id, Event.client_id == client_id))
    if event is None:
        return None
    match = get_match(match_id)
    replay = replay_until(match, event.seq)
    findings = tuple(Finding(f["rule"], f["message"], f["seq"])
                     for f in replay.view().get("findings", []) if f["seq"] == event.seq)
    return Appended(event.seq, replay, findings)


# --- export and import -----------------------------------------------------------------------

EXPORT_FORMAT = "referee-match"
EXPORT_VERSION = 1
MAX_IMPORT_EVENTS = 20_000
# An import may spend this much re-judging (engine calls) and time, in proportion to its length:
# a real match costs one call per entry plus its corrections' tails; a crafted file whose
# corrections each re-judge the whole log is refused before it holds a worker for long.
IMPORT_WORK_PER_ENTRY, IMPORT_WORK_BASE = 40, 20_000
IMPORT_SECONDS_PER_ENTRY, IMPORT_SECONDS_BASE = 0.002, 2.0
EARLIEST_TIME = datetime(2000, 1, 1, tzinfo=timezone.utc)


def export(match: Match) -> dict[str, Any]:
    """The whole match as JSON: enough to rebuild it anywhere (no scorer token)."""
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": match.game, "title": match.title,
        "mode": match.mode, "players": list(match.players), "settings": dict(match.settings),
        "created_at": _as_utc(match.created_at).isoformat(), "rules_version": match.rules_version,
        "log": [{"seq": e.seq, "action": e.action, "time": e.time.isoformat(), "by": e.by} for e in log(match)],
    }


def import_match(data: Any) -> tuple[Match, str, Replay]:
    """A new match from an export; every entry is replayed through the rules first, and one
    that does not hold rejects the whole import (nothing is stored).

    An export made under an older version of the game's rules is history, not a claim: its
    entries that today's rules refuse are kept and marked, as for a stored match."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise InvalidAction(_("not a referee match export (\"format\" must be \"{format}\")", format=EXPORT_FORMAT),
                            rule="IMPORT")
    if data.get("version") != EXPORT_VERSION:
        raise InvalidAction(_("unknown export version {version}", version=str(data.get("version"))[:10]),
                            rule="IMPORT")
    entries = data.get("log")
    if not isinstance(entries, list) or len(entries) > MAX_IMPORT_EVENTS:
        raise InvalidAction(_("\"log\" must be a list of at most {n} entries", n=MAX_IMPORT_EVENTS), rule="IMPORT")
    check_input({key: value for key, value in data.items() if key != "log"}, N_("export"))
    game = games.get(data.get("game")) if isinstance(data.get("game"), str) else None
    if game is None:
        raise InvalidAction(_("unknown game in the export"), rule="IMPORT")
    version = data.get("rules_version", 1)
    if not _whole(version) or not 1 <= version <= game.rules_version:
        raise InvalidAction(_("\"rules_version\" must be a version of {game}'s rules, 1 to {n}", game=game.title,
                              n=game.rules_version), rule="IMPORT")
    settings, state = rules.new_match(game, data.get("players"), data.get("settings"), data.get("mode"))
    players = tuple(p.strip() for p in data["players"])
    replay = Replay(game, settings, data["mode"], state, 0, players)
    older_rules = version < game.rules_version
    work_budget = IMPORT_WORK_BASE + IMPORT_WORK_PER_ENTRY * len(entries)
    deadline = clock.monotonic() + IMPORT_SECONDS_BASE + IMPORT_SECONDS_PER_ENTRY * len(entries)
    rows: list[dict[str, Any]] = []
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not _whole(entry.get("seq")) or entry["seq"] != number \
                or not isinstance(entry.get("action"), dict):
            raise InvalidAction(_("log entry {n}: expected a \"seq\" of {n} and an \"action\"", n=number),
                                rule="IMPORT")
        try:
            check_input(entry)
        except InvalidAction as bad:
            raise InvalidAction(_("log entry {n}: {reason}", n=number, reason=bad.message), rule="IMPORT") from None
        by = entry.get("by") if isinstance(entry.get("by"), str) else None
        moment = _parse_time(entry.get("time"), number)
        try:
            replay, _findings = step(replay, entry["action"], number, stored=older_rules)
        except RuleViolation as violation:
            raise InvalidAction(_("log entry {n} does not hold: {reason}", n=number, reason=violation.message),
                                rule=violation.rule) from None
        if replay.work > work_budget or clock.monotonic() > deadline:
            raise InvalidAction(_("log entry {n}: this export needs more re-judging than a match of its length "
                                  "ever does; it was not imported", n=number), rule="IMPORT")
        rows.append({"seq": number, "action": replay.entry, "time": moment, "by": (by or None) and by[:MAX_BY]})
    match, token = _new_match(game, settings, data["players"], data["mode"], data.get("title") or "", version)
    db.session.flush()  # the match row first: events refer to it
    if rows:
        db.session.execute(insert(Event), [{**row, "match_id": match.id, "client_id": None} for row in rows])
    db.session.commit()
    _cache_put(match.id, replay)
    return match, token, replay


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_time(value: Any, number: int) -> datetime:
    """An entry's time: ISO 8601, between 2000 and tomorrow (a time any database can hold)."""
    if value is None:
        return datetime.now(timezone.utc)
    try:
        moment = _as_utc(datetime.fromisoformat(value))
        moment.astimezone(timezone.utc)  # an offset that leaves the calendar fails here
    except (TypeError, ValueError, OverflowError):
        raise InvalidAction(_("log entry {n}: \"time\" is not an ISO 8601 time", n=number), rule="IMPORT") from None
    if not EARLIEST_TIME <= moment <= datetime.now(timezone.utc) + timedelta(days=1):
        raise InvalidAction(_("log entry {n}: \"time\" must lie between 2000 and today", n=number), rule="IMPORT")
    return moment


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
                "no_longer_accepted": None if broken is None else {"rule": broken.rule,
                                                                    "message": str(broken.message)}}


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
        return LogEntry(seq, action, _as_utc(time), by, seq in self.undone, self.corrected.get(seq),
                        self.dropped.get(seq), self.broken.get(seq))


def log(match: Match, after: int = 0, upto: int | None = None) -> list[LogEntry]:
    """The log's entries (``after`` < seq <= ``upto``), marked as the newest replay sees them."""
    marks = Marks.of(load(match))
    query = select(Event).where(Event.match_id == match.id, Event.seq > after)
    if upto is not None:
        query = query.where(Event.seq <= upto)
    return [marks.entry(e.seq, e.action, e.time, e.by) for e in db.session.scalars(query.order_by(Event.seq))]


# --- the timeline ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Told:
    """One entry as it happened, in words (in one language): it never changes once told."""

    seq: int
    action: dict
    time: datetime
    by: str | None
    words: str
    findings: tuple[Finding, ...]   # proved by this entry
    table_entry: bool


@dataclass(frozen=True)
class TimelineEntry:
    """One entry of the dispute view: the log entry as it stands now, and as it happened."""

    entry: LogEntry
    words: str
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class _Told:
    replay: Replay            # the replay after the last entry told
    entries: tuple[Told, ...]


_told: OrderedDict[tuple[str, str], _Told] = OrderedDict()
TOLD_CACHE_SIZE = 64


def told(match: Match) -> tuple[Told, ...]:
    """Every entry in words, as it happened, in the current language. Cached per match and
    language and extended by the new entries only: a long match is told once."""
    key = (match.id, current())
    with _cache_lock:
        cached = _told.get(key)
    newest = load(match).seq
    if cached is not None and cached.replay.seq == newest:
        return cached.entries
    if cached is None or cached.replay.seq > newest:
        cached = _Told(_fresh(match), ())
    replay, entries = cached.replay, list(cached.entries)
    rows = db.session.execute(select(Event.seq, Event.action, Event.time, Event.by)
                              .where(Event.match_id == match.id, Event.seq > replay.seq).order_by(Event.seq))
    for seq, action, moment, by in rows:
        before = replay
        replay, findings = step(replay, action, seq, stored=True)
        entries.append(Told(seq, action, _as_utc(moment), by, _words(before, action, replay),
                            findings, _is_table_entry(action)))
    result = _Told(replay, tuple(entries))
    with _cache_lock:
        _told[key] = result
        _told.move_to_end(key)
        while len(_told) > TOLD_CACHE_SIZE:
            _told.popitem(last=False)
    return result.entries


def timeline(match: Match, after: int = 0, upto: int | None = None) -> list[TimelineEntry]:
    """The entries ``after`` < seq <= ``upto`` in words, marked as they stand now."""
    marks = Marks.of(load(match))
    entries = told(match)
    chosen = entries[after:upto]  # entry n is at index n - 1
    return [TimelineEntry(marks.entry(t.seq, t.action, t.time, t.by), t.words, t.findings) for t in chosen]


def _is_table_entry(action: Any) -> bool:
    return isinstance(action, dict) and action.get("type") in TABLE_ENTRIES


def _words(before: Replay, action: dict, after: Replay) -> str:
    """An entry in words. Reading never fails: an entry the engine cannot put in words (one
    the current rules refuse, say) is shown by its fields."""
    try:
        read = Action(action)
        if read.type in TABLE_ENTRIES:
            return _table_entry_words(before, read)
        if after.broken and after.broken[-1][0] == after.seq:
            return rules.describe_fields(read)
        return before.game.describe(before.state, read, after.state)
    except Exception:  # noqa: BLE001 - a timeline line must never take the page down
        log_.exception("entry %s could not be put in words", after.seq)
        return rules.describe_fields(Action(action)) if isinstance(action, dict) and "type" in action else "?"


def _table_entry_words(before: Replay, action: Action) -> str:
    if action.type == "undo":
        return str(_("Undo of entry {n}", n=before.in_force.seq)) if before.in_force else gettext("Undo")
    if action.type == "correct":
        drops = action.raw("drop") or []
        corrected = action.raw("action")
        entry = rules.describe_fields(Action(corrected)) if isinstance(corrected, dict) else "?"
        words = _("Correction of entry {n}: {entry}", n=action.raw("seq"), entry=entry)
        if drops:
            words = _("{correction}; entries {entries} set aside", correction=words, entries=all_of(drops))
        return str(words)
    if action.type == "drop":
        return str(_("Entry {n} set aside: the current rules no longer accept it", n=action.raw("seq")))
    if action.type == "dispute":
        return str(_("Dispute on entry {n}: {note}", n=action.raw("seq"), note=action.raw("note")))
    return str(_("Ruling on the dispute at entry {n}: {decision} — {reason}", n=action.raw("dispute"),
                 decision=gettext(str(action.raw("decision"))), reason=action.raw("reason")))


def _as_utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything stored is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


__all__ = [
    "db", "Match", "Event", "Replay", "Appended", "LogEntry", "MatchNotFound", "StaleExpect",
    "RuleViolation", "create_match", "get_match", "load", "append", "log", "recent_matches",
    "reissue_scorer_token", "replay_until", "clear_cache", "export", "import_match", "timeline", "told",
    "check_input",
]


def matches_by_id(ids: list[str]) -> list[Match]:
    """The matches with these ids, in the order given; an id of no match is left out."""
    if not ids:
        return []
    found = {m.id: m for m in db.session.scalars(select(Match).where(Match.id.in_(ids)))}
    return [found[i] for i in ids if i in found]
