"""An accepted JSON action answered before Flask's routing.

``POST /api/matches/<id>/actions`` carries every entry a script makes, and Flask's work around
it (the request context, the hooks, the Response object and its headers) cost a third of the
answer: more than the database and the rules together. Here an action with a JSON body, a valid
scorer token and an entry the rules accept is appended and answered straight from the WSGI
environ, with the same body and headers as the Flask view's answer.

Everything else goes on to that view (``referee.web.api.act``), which holds every other answer
of the endpoint in one place: a missing or wrong token, an unknown match, a body too large, not
JSON or too deep, a host not trusted, and every refusal. So does whatever fails before an entry
is stored. A refusal has stored nothing, so the view judges it again and answers it in its own
words (and, should the log have moved meanwhile, as it then finds it). What fails after the
entry may have been stored is never handed on (the view would append it again): Flask's own
error handling answers it, in a request context made for it.

Not installed where Flask-Limiter counts every request itself (``security.limits_each_route``):
its hooks would be passed by.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from io import BytesIO
from typing import Any

from flask import Flask
from flask.ctx import AppContext
from flask.globals import _cv_app
from flask.signals import appcontext_popped, appcontext_pushed
from sqlalchemy.engine import Engine
from werkzeug.exceptions import SecurityError
from werkzeug.wsgi import get_content_length, get_host

from referee import i18n, store
from referee.errors import RuleViolation
from referee.store.log import answer_first
from referee.store.models import db
from referee.web import api, language, security
from referee.web.json_provider import written

PATH = re.compile(r"/api/matches/([^/]+)/actions")
# An accepted action's answer carries what the view's answer does, in the same order: its own
# two, every page's (security.add_headers), a match's, and the language's (language.init_app).
HEADERS = (("Content-Type", "application/json"),)
AFTER_LENGTH = (*security.HEADERS.items(), ("X-Robots-Tag", "noindex"), language.VARY)

StartResponse = Callable[..., Any]
Later = list[Callable[[], object]]


class MayBeStored(Exception):
    """What failed once ``store.append`` was called: the entry may be in the log."""

    def __init__(self, error: Exception):
        super().__init__(error)
        self.error = error


class ActionFastPath:
    """WSGI middleware around the app's ``wsgi_app``: answers an accepted action, hands every
    other request on unchanged (its body put back for the view to read)."""

    def __init__(self, app: Flask, inner: Callable[[dict, StartResponse], Iterable[bytes]]):
        self.app = app
        self.inner = inner  # Flask's own wsgi_app (behind ProxyFix when proxies are trusted)
        self.engine: Engine | None = None  # the app's, looked up once (Flask-SQLAlchemy makes it once)

    def __call__(self, environ: dict, start_response: StartResponse) -> Iterable[bytes]:
        # In debug mode Flask indents its JSON: the view answers then.
        if environ.get("REQUEST_METHOD") == "POST" and not self.app.debug:
            found = PATH.fullmatch(environ.get("PATH_INFO", ""))
            if found is not None:
                try:
                    answer = self._accepted(environ, found.group(1))
                except MayBeStored as failed:
                    return self._failed(failed.error, environ, start_response)
                except Exception:  # noqa: BLE001 - nothing was stored: the view meets it, and Flask answers it
                    answer = None
                if answer is not None:
                    body, later = answer
                    start_response("200 OK", [*HEADERS, ("Content-Length", str(len(body))), *AFTER_LENGTH])
                    return self._then(body, later) if later else [body]
        return self.inner(environ, start_response)

    def _accepted(self, environ: dict, match_id: str) -> tuple[bytes, Later] | None:
        """The answer's body and the work left for after it, if the action is appended here;
        else None (the body read is put back in the environ for the view). Raises MayBeStored
        for what fails once the entry is being appended."""
        trusted = self.app.config.get("TRUSTED_HOSTS")
        if trusted:
            try:
                get_host(environ, trusted)
            except SecurityError:
                return None
        data = self._body(environ)
        if not isinstance(data, dict):
            return None
        scheme, _space, credential = environ.get("HTTP_AUTHORIZATION", "").strip().partition(" ")
        credential = credential.strip()
        if scheme.lower() != "bearer" or not credential:
            return None
        bound = self._bind()
        try:
            return self._appended(environ, match_id, data, credential)
        finally:
            self._unbind(bound)

    def _appended(self, environ: dict, match_id: str, data: dict,
                  credential: str) -> tuple[bytes, Later] | None:
        if self.engine is None:
            self.engine = db.engine
        with store.connection(self.engine):
            try:
                match = store.read_match(match_id)
            except store.MatchNotFound:
                return None
            if not match.scorer_token_ok(credential):
                return None
            with i18n.speaking(language.select_for(environ), match.game):
                try:
                    with answer_first() as later:
                        appended = store.append(match, data)
                except (RuleViolation, store.StaleExpect):
                    return None  # nothing was stored: the view answers it
                except Exception as error:
                    raise MayBeStored(error) from error
                try:
                    return written(api.accepted(appended)) + b"\n", later
                except Exception as error:
                    raise MayBeStored(error) from error

    def _bind(self) -> object:
        """Bind the app as its app context would, for the one read and the one insert of an
        action; a token for ``_unbind``. Pushing and popping a whole app context (its signals,
        its teardown) cost an action more than its read of the match. So where nothing listens
        to those signals and the only teardown is Flask-SQLAlchemy's, the context is only made
        current, and ``_unbind`` does what that teardown does. Anywhere else it is pushed."""
        context = AppContext(self.app)
        if (appcontext_pushed.receivers or appcontext_popped.receivers
                or self.app.teardown_appcontext_funcs != [db._teardown_session]):
            context.push()
            return context
        return _cv_app.set(context)

    @staticmethod
    def _unbind(bound: object) -> None:
        if isinstance(bound, AppContext):
            bound.pop()
            return
        try:
            if db.session.registry.has():  # the teardown's work: a session opened here is closed
                db.session.remove()
        finally:
            _cv_app.reset(bound)  # type: ignore[arg-type]

    def _body(self, environ: dict) -> Any:
        """The JSON body, read as the view reads it (``api._json_body``), when it is plainly one:
        sent as application/json, with its length given (not in chunks) and within the limit.
        Whatever was read is put back for the view."""
        if environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower() != "application/json":
            return None
        length, limit = get_content_length(environ), self.app.config["MAX_CONTENT_LENGTH"]
        if not length or (limit is not None and length > limit):
            return None
        raw = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = BytesIO(raw)
        if len(raw) != length:
            return None  # cut short: the view answers it as Werkzeug does
        try:
            return json.loads(raw)  # as Flask's provider reads a body (the standard library)
        except (ValueError, RecursionError):
            return None

    def _then(self, body: bytes, later: Later) -> Iterator[bytes]:
        """The answer, and then what could wait for it (a snapshot due): the server sends the
        answer before it asks this iterable for more."""
        yield body
        with self.app.app_context(), store.connection():
            for work in later:
                work()

    def _failed(self, error: Exception, environ: dict, start_response: StartResponse) -> Iterable[bytes]:
        """The answer Flask gives when the view raises ``error``: its handlers (a broken snapshot
        part: 503, its snapshots dropped), else its 500, logged and signalled; every hook's
        headers. Raised instead, where Flask would propagate it (tests)."""
        context = self.app.request_context(environ)
        context.push()
        try:
            try:
                response = self.app.finalize_request(self.app.handle_user_exception(error))
            except Exception as unhandled:  # noqa: BLE001 - as Flask's wsgi_app
                response = self.app.handle_exception(unhandled)
            return response(environ, start_response)
        finally:
            context.pop()


def install(app: Flask) -> None:
    """Put the fast path in front of the app's WSGI callable (after ProxyFix is in place),
    unless every request is to pass Flask-Limiter's hooks."""
    if not security.limits_each_route(app):
        app.wsgi_app = ActionFastPath(app, app.wsgi_app)  # type: ignore[method-assign]
