"""The service worker's script, named for the static files it keeps.

A phone keeps the static files its service worker cached until a different script is
installed, and the browser installs one only when the script's bytes change. So the cache's
name carries a digest of every static file: a release that changes any of them changes the
script, the phone installs it, and the old cache is deleted when it takes over.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

CACHE_LINE = 'const CACHE = "referee-static";'


def static_digest(folder: Path) -> str:
    """Twelve hex digits that change when any file under ``folder`` is added, removed,
    renamed or edited."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


@cache
def script(folder: Path) -> str:
    """The script as served: read and named once per process (a release restarts it)."""
    text = (folder / "js" / "sw.js").read_text(encoding="utf-8")
    if CACHE_LINE not in text:
        raise RuntimeError(f"sw.js must declare its cache as {CACHE_LINE!r}")
    return text.replace(CACHE_LINE, f'const CACHE = "referee-{static_digest(folder)}";')
