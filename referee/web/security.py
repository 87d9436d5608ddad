"""Response headers every page carries, which proxies to trust for the client's address, and
how often one client may create matches or guess codes."""
from __future__ import annotations

from flask import Flask, Response, request
from flask_limiter import Limiter
from limits import parse as parse_limit
from limits.errors import StorageError
from werkzeug.middleware.proxy_fix import ProxyFix

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
    if "match_id" in (request.view_args or {}):
        # A match's pages, sheets and data are for its table, never for a search engine.
        response.headers["X-Robots-Tag"] = "noindex"
    return response


def client_address() -> str:
    """The client's address: the connection's, or the one the trusted proxies forwarded."""
    return request.remote_addr or "unknown"


def trust_proxies(app: Flask) -> None:
    """Behind reverse proxies, take the client's address, scheme and host from their
    X-Forwarded-* headers, but only from as many proxies as PROXY_COUNT says: with none
    (the default) those headers are ignored, so a client cannot pick its own address."""
    proxies = int(app.config["PROXY_COUNT"])
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies,
                                x_port=proxies, x_prefix=proxies)


# What a client may do only so often: the settings that give how many times per how many seconds.
LIMITS = {
    "match-creation": ("MATCH_CREATION_LIMIT", "MATCH_CREATION_WINDOW"),
    "code-guessing": ("JOIN_LIMIT", "JOIN_WINDOW"),
}


def within_limit(app: Flask, name: str) -> bool:
    """Count one more `name` from this client; False once it has used up its limit.

    The counts live in Flask-Limiter's storage (RATELIMIT_STORAGE_URI): in this process by
    default, or in one store that every worker and replica shares. If that store cannot be
    reached, nothing is counted and the log says so: a table never stops for the limiter."""
    (limiter,) = app.extensions["limiter"]
    if not limiter.enabled:
        return True
    count, window = LIMITS[name]
    limit = parse_limit(f"{app.config[count]} per {app.config[window]} seconds")
    keys = [key for key in (app.config.get("RATELIMIT_KEY_PREFIX"), name, client_address()) if key]
    try:
        return limiter.limiter.hit(limit, *keys)
    except StorageError:
        app.logger.exception("The rate limit storage cannot be reached: %s was not counted", name)
        return True


def may_create_match(app: Flask) -> bool:
    return within_limit(app, "match-creation")


def may_guess_code(app: Flask) -> bool:
    """Typed codes are short: limit the guesses one address can make."""
    return within_limit(app, "code-guessing")


def init_app(app: Flask) -> None:
    trust_proxies(app)
    # Keyed on the client's address after ProxyFix; the limits themselves are counted where
    # they apply (within_limit), not per route.
    Limiter(client_address, app=app, storage_options={"wrap_exceptions": True})
    app.after_request(add_headers)
