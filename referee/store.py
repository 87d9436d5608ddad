"""The event store: matches and their append-only logs, and the state as a replay of the log.

- An event's primary key is (match, seq): two writers cannot both append seq n; the loser's
  insert fails and it re-validates against the new state (or answers 409 if it sent `expect`).
- A client `id` is unique per match: a retried action is appended once and answered the same.
- `undo` is itself an event; the actions it retracts stay in the log and are marked undone by
  the replay, never by an update.
- Replays are cached per process and brought up to date from the log on every read, so a
  request costs one indexed query plus the new events, not the whole log.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, UniqueConstraint, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from referee import games, rules
from referee.i18n import _, all_of, any_of, gettext
from referee.replay import Replay, step
from referee.rules import Action, Finding, InvalidAction, RuleViolation

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

def _refuse_nul(data: Any) -> None:
    """No text with a NUL character gets near the database (PostgreSQL cannot store one)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise InvalidAction(_("text may not contain NUL characters"), rule="ACTION")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


def create_match(game_name: Any, players: Any, settings: Any, mode: Any = "play",
                 title: Any = "") -> tuple[Match, str, Replay]:
    _refuse_nul([game_name, players, settings, mode, title])
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
    replay = Replay(game, parsed, mode, state, 0)
    _cache_put(match.id, replay)
    return match, token, replay


def _new_match(game: rules.GameRules, settings: rules.Settings, players: list[str], mode: str,
               title: Any) -> tuple[Match, str]:
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


def get_match(match_id: str) -> Match:
    """The match, read together with the seq of its newest entry (one query for both: the
    replay cache is checked against that seq on this request's first load)."""
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


def _fresh(match: Match) -> Replay:
    game = games.get(match.game)
    settings = game.settings_type.from_dict(match.settings)
    return Replay(game, settings, match.mode, game.start(tuple(match.players), settings, match.mode), 0)


def last_seq(match_id: str) -> int:
    return db.session.scalar(select(func.coalesce(func.max(Event.seq), 0)).where(Event.match_id == match_id))


def _earlier(match: Match, before: int):
    """Reads the stored actions before entry ``before``, only when a replay needs them."""
    def read() -> dict[int, dict]:
        return dict(db.session.execute(
            select(Event.seq, Event.action).where(Event.match_id == match.id, Event.seq < before)).all())
    return read


def _step(match: Match, replay: Replay, action: dict, seq: int):
    return step(replay, action, seq, _earlier(match, seq), tuple(match.players))


def load(match: Match) -> Replay:
    """The match's replay, brought up to date with the log (no query when the seq read with
    the match shows nothing changed, one otherwise)."""
    replay = _cache_get(match.id)
    newest = getattr(match, "newest_seq", None)
    match.newest_seq = None  # good for one look only: later looks ask the database
    if newest is None:
        newest = last_seq(match.id)
    if replay is not None and replay.seq == newest:
        return replay
    if replay is None or replay.seq > newest:
        replay = _fresh(match)
    events = db.session.scalars(
        select(Event).where(Event.match_id == match.id, Event.seq > replay.seq).order_by(Event.seq))
    for event in events:
        replay, _findings = _step(match, replay, event.action, event.seq)
    _cache_put(match.id, replay)
    return replay


def replay_until(match: Match, seq: int) -> Replay:
    """The replay as it stood right after entry ``seq`` (for answering a retried action)."""
    replay = _fresh(match)
    events = db.session.scalars(
        select(Event).where(Event.match_id == match.id, Event.seq <= seq).order_by(Event.seq))
    for event in events:
        replay, _findings = _step(match, replay, event.action, event.seq)
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
    """Validate ``data`` against the replayed state and append it, once.

    Raises RuleViolation (nothing appended), StaleExpect (409), or returns the new entry.
    """
    _refuse_nul(data)
    client_id, expect, by = _envelope(data)
    action = Action(data)
    stored = action.as_dict()
    for _attempt in range(APPEND_ATTEMPTS):
        if client_id is not None:
            earlier = _by_client_id(match.id, client_id)
            if earlier is not None:
                return earlier
        replay = load(match)
        if expect is not None and expect != replay.seq:
            raise StaleExpect(replay)
        seq = replay.seq + 1
        after, findings = _step(match, replay, stored, seq)
        try:
            # A plain INSERT: the unit of work has nothing to track for an append-only row.
            db.session.execute(insert(Event).values(match_id=match.id, seq=seq, action=stored, by=by,
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


def export(match: Match) -> dict[str, Any]:
    """The whole match as JSON: enough to rebuild it anywhere (no scorer token)."""
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": match.game, "title": match.title,
        "mode": match.mode, "players": list(match.players), "settings": dict(match.settings),
        "created_at": _as_utc(match.created_at).isoformat(),
        "log": [{"seq": e.seq, "action": e.action, "time": e.time.isoformat(), "by": e.by} for e in log(match)],
    }


def import_match(data: Any) -> tuple[Match, str, Replay]:
    """A new match from an export; every entry is replayed through the rules first, and one
    that does not hold rejects the whole import (nothing is stored)."""
    _refuse_nul(data)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise InvalidAction(_("not a referee match export (\"format\" must be \"{format}\")", format=EXPORT_FORMAT),
                            rule="IMPORT")
    if data.get("version") != EXPORT_VERSION:
        raise InvalidAction(_("unknown export version {version}", version=str(data.get("version"))[:10]),
                            rule="IMPORT")
    entries = data.get("log")
    if not isinstance(entries, list) or len(entries) > MAX_IMPORT_EVENTS:
        raise InvalidAction(_("\"log\" must be a list of at most {n} entries", n=MAX_IMPORT_EVENTS), rule="IMPORT")
    game = games.get(data.get("game")) if isinstance(data.get("game"), str) else None
    if game is None:
        raise InvalidAction(_("unknown game in the export"), rule="IMPORT")
    settings, state = rules.new_match(game, data.get("players"), data.get("settings"), data.get("mode"))
    players = tuple(p.strip() for p in data["players"])
    replay = Replay(game, settings, data["mode"], state, 0)
    events: list[Event] = []
    stored: dict[int, dict] = {}
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or entry.get("seq") != number or not isinstance(entry.get("action"), dict):
            raise InvalidAction(_("log entry {n}: expected a \"seq\" of {n} and an \"action\"", n=number),
                                rule="IMPORT")
        action = Action(entry["action"]).as_dict()
        by = entry.get("by") if isinstance(entry.get("by"), str) else None
        moment = _parse_time(entry.get("time"), number)
        try:
            replay, _findings = step(replay, action, number, lambda: stored, players)
        except RuleViolation as violation:
            raise InvalidAction(_("log entry {n} does not hold: {reason}", n=number, reason=violation.message),
                                rule=violation.rule) from None
        stored[number] = action
        events.append(Event(seq=number, action=action, time=moment, by=(by or None) and by[:MAX_BY]))
    match, token = _new_match(game, settings, data["players"], data["mode"], data.get("title") or "")
    db.session.flush()  # the match row first: events refer to it
    for event in events:
        event.match_id = match.id
        db.session.add(event)
    db.session.commit()
    _cache_put(match.id, replay)
    return match, token, replay


def _parse_time(value: Any, number: int) -> datetime:
    if value is None:
        return datetime.now(timezone.utc)
    try:
        return _as_utc(datetime.fromisoformat(value))
    except (TypeError, ValueError):
        raise InvalidAction(_("log entry {n}: \"time\" is not an ISO 8601 time", n=number), rule="IMPORT") from None


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

    def as_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "action": self.action, "time": self.time.isoformat(),
                "by": self.by, "undone": self.undone, "corrected_by": self.corrected_by,
                "dropped_by": self.dropped_by}


def log(match: Match) -> list[LogEntry]:
    replay = load(match)
    replaced, dropped = replay.replaced, replay.dropped
    events = db.session.scalars(select(Event).where(Event.match_id == match.id).order_by(Event.seq))
    return [LogEntry(e.seq, e.action, _as_utc(e.time), e.by, e.seq in replay.undone,
                     replaced[e.seq].seq if e.seq in replaced else None,
                     dropped[e.seq].seq if e.seq in dropped else None) for e in events]


@dataclass(frozen=True)
class TimelineEntry:
    """One entry of the dispute view: the log entry, in words, as it happened."""

    entry: LogEntry
    words: str
    findings: tuple[Finding, ...]   # proved by this entry


def timeline(match: Match) -> list[TimelineEntry]:
    """Every entry in words, replayed as it happened (undone entries included, marked)."""
    from referee.replay import TABLE_ENTRIES

    replay = _fresh(match)
    game = replay.game
    entries = []
    for entry in log(match):
        action = Action(entry.action)
        before = replay
        replay, findings = _step(match, replay, entry.action, entry.seq)
        if action.type in TABLE_ENTRIES:
            words = _table_entry_words(game, before, action)
        else:
            words = game.describe(before.state, action, replay.state)
        entries.append(TimelineEntry(entry, words, findings))
    return entries


def _table_entry_words(game: rules.GameRules, before: Replay, action: Action) -> str:
    if action.type == "undo":
        return str(_("Undo of entry {n}", n=before.active[-1])) if before.active else gettext("Undo")
    if action.type == "correct":
        drops = action.raw("drop") or []
        words = _("Correction of entry {n}: {entry}", n=action.raw("seq"),
                  entry=rules.describe_fields(Action(action.raw("action"))))
        if drops:
            words = _("{correction}; entries {entries} set aside", correction=words, entries=all_of(drops))
        return str(words)
    if action.type == "dispute":
        return str(_("Dispute on entry {n}: {note}", n=action.raw("seq"), note=action.raw("note")))
    return str(_("Ruling on the dispute at entry {n}: {decision} — {reason}", n=action.raw("dispute"),
                 decision=gettext(action.raw("decision")), reason=action.raw("reason")))


def _as_utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything stored is UTC.
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


__all__ = [
    "db", "Match", "Event", "Replay", "Appended", "LogEntry", "MatchNotFound", "StaleExpect",
    "RuleViolation", "create_match", "get_match", "load", "append", "log", "recent_matches",
    "reissue_scorer_token", "replay_until", "clear_cache", "export", "import_match", "timeline",
]
