"""Which language a phone sees: the switch's choice (a cookie), else the browser's."""
from __future__ import annotations

import re
from functools import lru_cache

from babel import Locale
from flask import Blueprint, Flask, redirect, request, url_for
from flask_babel import Babel
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from referee import i18n

bp = Blueprint("language", __name__)
COOKIE = "language"
ONE_YEAR = 365 * 24 * 3600
# Every answer may differ by the language asked for (the header is added to each).
VARY = ("Vary", "Accept-Language")


def select() -> str:
    return select_for(request.environ)


def select_for(environ: dict) -> str:
    """The language of a request, from its WSGI environ: the switch's cookie, else the best of
    the browser's Accept-Language, else the default."""
    # As request.cookies.get(COOKIE) and request.accept_languages.best_match(...), without
    # parsing either header when the request has none (a script's action has neither), and
    # parsing each distinct Accept-Language once.
    cookies = environ.get("HTTP_COOKIE")
    if cookies:
        chosen = parse_cookie(cookies).get(COOKIE)
        if chosen in i18n.LANGUAGES:
            return chosen
    accept = environ.get("HTTP_ACCEPT_LANGUAGE")
    if not accept:
        return i18n.DEFAULT
    return _best_language(accept, tuple(i18n.LANGUAGES))


@lru_cache(maxsize=256)
def _best_language(accept: str, languages: tuple[str, ...]) -> str:
    """The best of ``languages`` for an Accept-Language header (as Werkzeug chooses)."""
    return parse_accept_header(accept, LanguageAccept).best_match(list(languages)) or i18n.DEFAULT


@lru_cache(maxsize=None)
def locale_of(code: str) -> Locale:
    """The Babel locale of a language code, built once per code (parsing one reads its data)."""
    return Locale.parse(code)


def select_locale() -> Locale:
    """Flask-Babel's locale selector: ``select()``'s language as a kept Locale (Flask-Babel
    takes a Locale as it is, without parsing it again)."""
    return locale_of(select())


@bp.get("/language/<code>")
def switch(code: str):
    """The visible switch: remember the choice on this phone and go back where it was."""
    response = redirect(local_path(request.args.get("next", "")) or url_for("pages.home"))
    if code in i18n.LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=ONE_YEAR, samesite="Lax", httponly=True)
    return response


_LOCAL_PATH = re.compile(r"/(?![/\\])[\x21-\x7e]*")


def local_path(target: str) -> str | None:
    """``target`` if it is a path on this site, else None. Browsers drop tabs and line breaks
    from a URL and read a backslash as a slash, so ``/%09/evil.example`` and ``/\\evil`` lead
    off the site: only printable ASCII is allowed, starting with one slash and no second one."""
    return target if _LOCAL_PATH.fullmatch(target or "") else None


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, configure_jinja=False)
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # install_gettext_callables is attached at runtime by the jinja2.ext.i18n extension
    # (Environment.extend), so Jinja's type information does not declare it.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True)
    app.register_blueprint(bp)

    @app.before_request
    def use_language() -> None:
        # select() itself, not Flask-Babel's get_locale(), which wraps the same choice in a
        # Locale and back into its code: 20 µs of a JSON action's 0.56 ms. Nothing of the
        # app reads Flask-Babel's locale; a caller that did would get the same one.
        i18n.set_language(select())

    @app.after_request
    def vary_on_language(response):
        response.headers.add(*VARY)
        return response

    @app.teardown_request
    def back_to_default(_exc=None) -> None:
        i18n.set_language(i18n.DEFAULT)
        i18n.set_game(None)

    @app.context_processor
    def languages():
        return {"language": i18n.current(), "LANGUAGES": i18n.LANGUAGES}
