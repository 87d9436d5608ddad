"""What one phone's browser remembers, in its own session cookie and nowhere else: the matches
it started, joined or opened (its home page lists those, and only those), and the scorer
credential of each match it may enter for.

The session cookie is signed, not encrypted: anyone who sees it can read it. So a scorer
credential is kept in it sealed (AES-GCM, with a key derived from SECRET_KEY and the match id
bound in), never in clear. Only this server can open it again, to check it and to show the
scorer link on the invite panel; a sealed credential copied to another match opens nowhere.
"""
from __future__ import annotations

import base64
import os
from functools import lru_cache

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app, session

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
    """This phone may enter for the match: a scorer link's token or the short scorer code.
    Past KEEP_SCORER, the credentials of the matches this phone opened longest ago go."""
    remember(match_id)
    kept = {**session.get(SCORER_KEY, {}), match_id: _seal(match_id, credential)}
    # The cookie's JSON sorts a mapping's keys, so recency comes from the list of matches.
    recency = {m: n for n, m in enumerate(session[MATCHES_KEY])}
    newest = sorted(kept, key=lambda m: recency.get(m, -1))[-KEEP_SCORER:]
    session[SCORER_KEY] = {m: kept[m] for m in newest}


def scorer_credential(match_id: str) -> str | None:
    sealed = session.get(SCORER_KEY, {}).get(match_id)
    return _unseal(match_id, sealed) if sealed else None


def holds_scorer_credential(match_id: str) -> bool:
    return match_id in session.get(SCORER_KEY, {})


NONCE = 12


@lru_cache(maxsize=4)
def _cipher(secret_key: bytes) -> AESGCM:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"referee scorer credentials")
    return AESGCM(key.derive(secret_key))


def _secret_key() -> bytes:
    key = current_app.secret_key
    if key is None:  # the app always sets SECRET_KEY (referee.app); fail as Flask's session would
        raise RuntimeError("no secret key was set")
    return key if isinstance(key, bytes) else key.encode()


def _seal(match_id: str, credential: str) -> str:
    nonce = os.urandom(NONCE)
    sealed = _cipher(_secret_key()).encrypt(nonce, credential.encode(), match_id.encode())
    return base64.urlsafe_b64encode(nonce + sealed).decode().rstrip("=")


def _unseal(match_id: str, sealed: str) -> str | None:
    try:
        raw = base64.urlsafe_b64decode(sealed + "=" * (-len(sealed) % 4))
        return _cipher(_secret_key()).decrypt(raw[:NONCE], raw[NONCE:], match_id.encode()).decode()
    except (ValueError, InvalidTag):  # not sealed by this server, or for another match
        return None
