"""What one phone's browser remembers, in its own session cookie and nowhere else: the matches
it started, joined or opened (its home page lists those, and only those), and the scorer
credential of each match it may enter for."""
from __future__ import annotations

from flask import session

MATCHES_KEY = "matches"
SCORER_KEY = "scorer_tokens"
# Keep the cookie small: enough for a phone's evenings, well under a cookie's 4 kB.
KEEP_MATCHES = 30
KEEP_SCORER = 20


def remember(match_id: str) -> None:
    """This phone started, joined or opened the match: list it first."""
    kept = session.get(MATCHES_KEY, [])
    if kept and kept[-1] == match_id:
        return  # already the newest: leave the cookie as it is
    session[MATCHES_KEY] = ([m for m in kept if m != match_id] + [match_id])[-KEEP_MATCHES:]


def remembered() -> list[str]:
    """The ids of this phone's matches, the one it opened last first."""
    return list(reversed(session.get(MATCHES_KEY, [])))


def forget(match_id: str) -> None:
    """This phone no longer lists the match, nor may it enter for it; the match stays."""
    if match_id in session.get(MATCHES_KEY, []):
        session[MATCHES_KEY] = [m for m in session[MATCHES_KEY] if m != match_id]
    if match_id in session.get(SCORER_KEY, {}):
        session[SCORER_KEY] = {m: c for m, c in session[SCORER_KEY].items() if m != match_id}


def remember_scorer(match_id: str, credential: str) -> None:
    """This phone may enter for the match: a scorer link's token or the short scorer code."""
    kept = {m: c for m, c in session.get(SCORER_KEY, {}).items() if m != match_id}
    kept[match_id] = credential
    session[SCORER_KEY] = dict(list(kept.items())[-KEEP_SCORER:])
    remember(match_id)


def scorer_credential(match_id: str) -> str | None:
    return session.get(SCORER_KEY, {}).get(match_id)
