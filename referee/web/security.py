"""Response headers every page carries, and the limit on how fast one client creates matches."""
from __future__ import annotations

import threading
import time
from collections import deque

from flask import Flask, Response, request

# No inline script anywhere: htmx is a file, its config a meta tag, its indicator styles off.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Scorer links carry a token in their path: never send a page's address elsewhere.
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


class RateLimit:
    """At most ``limit`` events per ``window`` seconds per client address (per process)."""

    def __init__(self, limit: int, window: float):
        self.limit, self.window = limit, window
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self._lock:
            if len(self._seen) > 10_000:  # forget idle clients rather than grow without bound
                self._seen = {k: v for k, v in self._seen.items() if v and v[-1] > now - self.window}
            times = self._seen.setdefault(client, deque())
            while times and times[0] <= now - self.window:
                times.popleft()
            if len(times) >= self.limit:
                return False
            times.append(now)
            return True


def client_address() -> str:
    return request.remote_addr or "unknown"


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
    app.extensions["match_creation_limit"] = RateLimit(
        app.config.get("MATCH_CREATION_LIMIT", 30), app.config.get("MATCH_CREATION_WINDOW", 600))
    # Typed codes are short: limit the guesses one address can make.
    app.extensions["join_limit"] = RateLimit(app.config.get("JOIN_LIMIT", 30), 600)


def may_create_match(app: Flask) -> bool:
    return app.extensions["match_creation_limit"].allow(client_address())
