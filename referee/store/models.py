"""Matches and their log entries as tables, the codes a person types to join, and finding a
match. (Migrations in ``referee/migrations`` change these tables; never edit one in place.)"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import datetime

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, DateTime, ForeignKey, Integer, LargeBinary, String, UniqueConstraint, func, select
from sqlalchemy.orm import Mapped, mapped_column

# Rows stay readable after a commit: a request reads its match again only when it asks to.
db = SQLAlchemy(session_options={"expire_on_commit": False})

MAX_CLIENT_ID = 80
MAX_BY = 40


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
    # A rematch: the match it follows (same players, house rules; the next dealer first).
    rematch_of: Mapped[str | None] = mapped_column(String(16), index=True, nullable=True)

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


class Snapshot(db.Model):
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

