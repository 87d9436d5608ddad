"""referee: a web app that referees and keeps score for card games played at a real table.

The package root loads nothing heavy: the engines (``referee.games``) import with the standard
library and Babel only. ``create_app`` (``flask --app referee``, ``referee:create_app()``) is
fetched from ``referee.app`` on first use."""
from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from referee.app import create_app

        return create_app
    raise AttributeError(f"module 'referee' has no attribute {name!r}")
