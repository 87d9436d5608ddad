"""English and German, for pages, rule messages, rules pages and score sheets.

Messages are written in English in the code and translated through gettext catalogs kept as
``.po`` files, one per domain: ``referee/translations/de/messages.po`` for the web layer and
core, and one per game in the game's folder (``referee/games/pontis/de.po``), named after the
game. They are read directly (no compile step).

The rules engines are pure Python, so a rejection or finding carries a ``Message``: the English
template and its parameters. It becomes text only when shown, in the language of whoever is
looking — the same finding reads in German on one phone and English on another. Cards are
parameters too, and show as symbols (``7♣``) in every language.

The current language is a context variable: the web layer sets it per request (from the
switch, else the browser); outside a request it is English.
"""
from __future__ import annotations

import contextlib
import contextvars
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from referee.frozen import pickled_by_fields

LANGUAGES = {"en": "English", "de": "Deutsch"}
DEFAULT = "en"
TRANSLATIONS = Path(__file__).parent / "translations"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("referee_language", default=DEFAULT)
# The game on screen: its own catalog is asked first, so two games may translate the same
# English word differently ("Hand" is a Runde in one game and a Blatt in another).
_game: contextvars.ContextVar[str | None] = contextvars.ContextVar("referee_game_domain", default=None)


def current() -> str:
    return _current.get()


def set_language(code: str) -> contextvars.Token:
    return _current.set(code if code in LANGUAGES else DEFAULT)


@contextlib.contextmanager
def language(code: str) -> Iterator[None]:
    token = set_language(code)
    try:
        yield
    finally:
        _current.reset(token)


def set_game(game: str | None) -> contextvars.Token:
    """Say which game is on screen (its API name), so its own words win."""
    return _game.set(game or None)


def current_game() -> str | None:
    """The game on screen (its API name), whose own catalog is asked first, or None."""
    return _game.get()


class speaking:  # lower case: read as a function, ``with speaking(code, game):``
    """The language and the game on screen as given, for the duration (see ``Rows``). A class,
    not a generator: the JSON API enters it around every action."""

    __slots__ = ("code", "game", "tokens")

    def __init__(self, code: str, game: str | None) -> None:
        self.code, self.game = code, game

    def __enter__(self) -> None:
        self.tokens = _current.set(self.code), _game.set(self.game)

    def __exit__(self, *_exc: object) -> None:
        language_token, game_token = self.tokens
        _game.reset(game_token)
        _current.reset(language_token)


def wording() -> tuple[str, str | None, int]:
    """Everything that decides how a message reads right now: the language, the game on screen
    and the catalogs loaded. Text rendered once may be kept under this key and reused."""
    return _current.get(), _game.get(), _generation


# A game's domain (its API name) -> the folder holding its catalogs, one ``<language>.po`` each;
# the game registry adds one per game.
GAME_CATALOGS: dict[str, Path] = {}


def add_catalog(domain: str, folder: Path) -> None:
    GAME_CATALOGS[domain] = folder
    _forget()


def remove_catalog(domain: str) -> None:
    if GAME_CATALOGS.pop(domain, None) is not None:
        _forget()


# Raised whenever the catalogs change, so text kept under an older ``wording()`` is not reused.
_generation = 0


def _forget() -> None:
    global _generation
    _generation += 1
    domain_catalog.cache_clear()
    catalog.cache_clear()


def catalog_path(code: str, domain: str) -> Path:
    if domain in GAME_CATALOGS:
        return GAME_CATALOGS[domain] / f"{code}.po"
    return TRANSLATIONS / code / f"{domain}.po"


@lru_cache(maxsize=None)
def domain_catalog(code: str, domain: str):
    """One domain's catalog of one language, read from its .po file (None if there is none)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    path = catalog_path(code, domain)
    if not path.exists():
        return None
    with path.open("rb") as source:
        parsed = read_po(source, locale=code)
    compiled = io.BytesIO()
    write_mo(compiled, parsed)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


@lru_cache(maxsize=None)
def catalog(code: str):
    """All domains of one language merged into one gettext catalog (core words last, so they
    win over a game's where no game is on screen)."""
    from babel.support import NullTranslations, Translations

    merged: NullTranslations = NullTranslations()
    for domain in [*sorted(GAME_CATALOGS), "messages"]:
        translations = domain_catalog(code, domain)
        if translations is None:
            continue
        if isinstance(merged, Translations):
            merged.merge(translations)
        else:
            merged = translations
    return merged


def _lookup(method: str, *args):
    game = _game.get()
    if game:
        own = domain_catalog(current(), game)
        # Asked by key, not by comparing texts: a translation may rightly equal its English.
        if own is not None and (args[0] in own._catalog or (args[0], 0) in own._catalog):
            return getattr(own, method)(*args)
    return getattr(catalog(current()), method)(*args)


def gettext(text: str) -> str:
    if current() == DEFAULT:
        return text
    return _lookup("gettext", text)


def ngettext(singular: str, plural: str, n: int) -> str:
    if current() == DEFAULT:
        return singular if n == 1 else plural
    return _lookup("ngettext", singular, plural, n)


def N_(text: str) -> str:
    """Marks a string for translation where it is defined; it is translated where shown."""
    return text


def render(value: Any) -> str:
    """A message parameter as text in the current language."""
    if hasattr(value, "symbol"):  # a card (no import: cards themselves speak through here)
        return value.symbol
    if isinstance(value, (tuple, list)):
        return " ".join(render(v) for v in value)
    return str(value)


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Message:
    """Text to show a person, translated when shown: an English template with ``{named}``
    parameters (cards, names, numbers, other messages)."""

    template: str
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int | None = None

    def __str__(self) -> str:
        if self.plural is not None:
            text = ngettext(self.template, self.plural, self.count or 0)
        else:
            text = gettext(self.template)
        values = {key: render(value) for key, value in self.params}
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            # A translation that lost a placeholder must not hide the message.
            return self.template.format(**values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __contains__(self, part: str) -> bool:
        return part in str(self)


# A message without parameters is the same value every time it is made: the refusals that
# legal() words and drops, for one, ask for the same few again and again.
_PLAIN: dict[str, Message] = {}


def _(template: str, **params: Any) -> Message:
    """A translatable message: ``_("{card} is not a bridge", card=card)``."""
    if params:
        return Message(template, _params(params))
    plain = _PLAIN.get(template)
    if plain is None:
        plain = Message(template)
        if len(_PLAIN) < 4096:
            _PLAIN[template] = plain
    return plain


def n_(singular: str, plural: str, count: int, **params: Any) -> Message:
    """A translatable message with a plural: ``n_("{n} card", "{n} cards", n, n=n)``."""
    return Message(singular, _params(params), plural, count)


def _params(params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    items = tuple(params.items())
    for _key, value in items:
        if isinstance(value, list):
            return tuple((k, _frozen(v)) for k, v in items)
    return items


def _frozen(value: Any) -> Any:
    # Messages live inside frozen, cached states: keep them hashable.
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Listing:
    """Items joined the way the language joins them: ``3, 7 or 10`` / ``3, 7 oder 10``."""

    items: tuple[Any, ...]
    conjunction: str  # "or" / "and"

    def __str__(self) -> str:
        shown = [render(item) for item in self.items]
        if not shown:
            return ""
        if len(shown) == 1:
            return shown[0]
        word = gettext("or") if self.conjunction == "or" else gettext("and")
        return f"{', '.join(shown[:-1])} {word} {shown[-1]}"


def any_of(items: Iterable[Any]) -> Listing:
    return Listing(tuple(items), "or")


def all_of(items: Iterable[Any]) -> Listing:
    return Listing(tuple(items), "and")


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Joined:
    """Several messages shown one after another: ``entry 6: …; entry 9: …``."""

    items: tuple[Any, ...]
    separator: str = "; "

    def __str__(self) -> str:
        return self.separator.join(render(item) for item in self.items)
