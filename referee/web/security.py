"""Response headers every page carries, which proxies to trust for the client's address, how
often one client may create matches or guess codes, and keeping scorer tokens out of logs,
caches and readable cookies."""
from __future__ import annotations

import logging
import re
from functools import partial
from typing import Any

from flask import Flask, Response, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from flask_limiter import Limiter
from limits import parse as parse_limit
from limits.errors import StorageError
from werkzeug.middleware.proxy_fix import ProxyFix

from referee.web import phone

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
_HEADERS_LOWER = tuple((name.lower(), name, value) for name, value in HEADERS.items())


# Answers that hand this phone scorer rights: never kept by a browser or a cache.
JOIN_ENDPOINTS = ("pages.join", "pages.join_by_code")


def add_headers(response: Response) -> Response:
    # As headers.setdefault for each, with one pass over the headers a view set (six
    # setdefault calls each searched the whole list again).
    headers = response.headers
    present = {name.lower() for name, _value in headers}
    headers.extend([(name, value) for lower, name, value in _HEADERS_LOWER if lower not in present])
    match_id = (request.view_args or {}).get("match_id")
    if match_id:
        # A match's pages, sheets and data are for its table, never for a search engine.
        response.headers["X-Robots-Tag"] = "noindex"
    scorer_page = match_id and response.mimetype == "text/html" and phone.holds_scorer_credential(match_id)
    if scorer_page or request.endpoint in JOIN_ENDPOINTS:
        # A scorer's page shows the scorer link: kept by no cache and in no back-forward history.
        response.headers["Cache-Control"] = "no-store"
    return response


class SessionCookie(SecureCookieSessionInterface):
    """The session cookie (HttpOnly, as Flask makes it) is Secure whenever the phone came over
    HTTPS, as the request's scheme says after ProxyFix, or always with SESSION_COOKIE_SECURE."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)

    def open_session(self, app: Flask, request):
        """A request without any cookie (a script's action, most JSON calls) gets the new empty
        session Flask would give it, without building the signing serializer first."""
        if app.secret_key and not request.environ.get("HTTP_COOKIE"):
            return self.session_class()
        return super().open_session(app, request)


# A scorer link is /m/<id>/join/<token>: in a log line, the token (or code) becomes ***.
SCORER_LINK = re.compile(r"(/join/|%2Fjoin%2F)[^\s/?#&\"'\x1b]+", re.IGNORECASE)


def mask_scorer_tokens(text: str) -> str:
    return SCORER_LINK.sub(r"\1***", text)


class MaskScorerTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask_scorer_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


TOKEN_MASK = MaskScorerTokens()
# The access and error logs of the servers that run the app (make run, gunicorn), and its own.
SERVER_LOGGERS = ("werkzeug", "gunicorn.access", "gunicorn.error")


def keep_tokens_out_of_logs(app: Flask) -> None:
    for logger in (app.logger, *map(logging.getLogger, SERVER_LOGGERS)):
        logger.addFilter(TOKEN_MASK)  # once per logger: the same filter is not added twice


def client_address() -> str:
    """The client's address: the connection's, or the one the trusted proxies forwarded."""
    return request.remote_addr or "unknown"


def trust_proxies(app: Flask) -> None:
    """Behind reverse proxies, take the client's address, scheme and host from their
    X-Forwarded-* headers, but only from as many proxies as PROXY_COUNT says: with none
    (the default) those headers are ignored, so a client cannot pick its own address."""
    proxies = int(app.config["PROXY_COUNT"])
    if proxies:
        # Flask's documented way to wrap its WSGI app, which the type checker reads as a method.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies,  # type: ignore[method-assign]
                                x_host=proxies, x_port=proxies, x_prefix=proxies)


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


# Flask-Limiter settings that make it act on every request by itself.
ROUTE_LIMIT_SETTINGS = ("RATELIMIT_DEFAULT", "RATELIMIT_APPLICATION", "RATELIMIT_META", "RATELIMIT_HEADERS_ENABLED")


def limits_each_route(app: Flask) -> bool:
    """Whether limits for every route were configured (Flask-Limiter then counts each request
    in hooks of its own)."""
    return any(app.config.get(name) for name in ROUTE_LIMIT_SETTINGS)


def _without_request_hooks(app: Flask, limiter: Limiter) -> None:
    """Take Flask-Limiter's before/after/teardown request hooks off the app. They look for the
    limits of the route being served, and no route has any: every limit is counted where it
    applies (within_limit), through the limiter's storage. On every request they only cost
    time (about 0.1 ms of each JSON action here)."""

    if limits_each_route(app):
        return  # Flask-Limiter checks them per request

    def ours(hook) -> bool:
        bound = hook.args[0] if isinstance(hook, partial) and hook.args else getattr(hook, "__self__", None)
        return bound is limiter

    registries: tuple[dict[Any, list[Any]], ...] = (
        app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs)
    for hooks in registries:
        for funcs in hooks.values():
            funcs[:] = [hook for hook in funcs if not ours(hook)]


def init_app(app: Flask) -> None:
    trust_proxies(app)
    app.session_interface = SessionCookie()
    keep_tokens_out_of_logs(app)
    # Keyed on the client's address after ProxyFix; the limits themselves are counted where
    # they apply (within_limit), not per route.
    limiter = Limiter(client_address, app=app, storage_options={"wrap_exceptions": True})
    _without_request_hooks(app, limiter)
    app.after_request(add_headers)
