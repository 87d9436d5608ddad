"""What may be written: every value of an action or an import is checked for depth, count,
length and printable text before anything reaches the database."""
from __future__ import annotations

import re
from typing import Any

from referee.errors import InvalidAction
from referee.i18n import N_, _, gettext

# Bounds on what any action may hold: the engines read small values, and nothing that is read
# back later (timeline, sheet, export) should meet a structure it cannot walk.
MAX_DEPTH = 6          # {"action": {"cards": ["7c"]}} is depth 3
MAX_VALUES = 500
MAX_TEXT = 2_000
MAX_KEY = 40
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# What check_input lets through and a name or title may not hold: line breaks (Unicode's line
# and paragraph separators too) and tabs, and the marks that turn the direction of the text
# after them (embeddings, overrides, isolates). In a name they break the score sheet's columns,
# or make "Ann" read as another name on every page. Marks that only set one character's
# direction (LRM, RLM) and the joiners of emoji and of many scripts are letters' business.
_NOT_ONE_LINE = re.compile("[\t\n\r\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def check_input(data: Any, what: str = N_("action")) -> None:
    """Refuse (422, rule ACTION) before anything is written: values nested deeper than
    MAX_DEPTH, more than MAX_VALUES values, text longer than MAX_TEXT, control characters (a
    line break or tab is allowed), lone surrogates, and NUL (PostgreSQL cannot store one).
    Walks iteratively: no input can exhaust the stack."""
    if type(data) is dict and len(data) < MAX_VALUES and _flat_and_plain(data):
        return
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    count = 0
    while stack:
        item, depth, where = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise InvalidAction(_("the {what} holds too many values (at most {n})", what=gettext(what),
                                  n=MAX_VALUES), rule="ACTION")
        if depth > MAX_DEPTH:
            raise InvalidAction(_("“{field}” is nested too deeply (at most {n} levels)", field=where[:40],
                                  n=MAX_DEPTH), rule="ACTION")
        if isinstance(item, str):
            _check_text(item, where)
        elif isinstance(item, dict):
            for key, value in item.items():
                if not isinstance(key, str) or len(key) > MAX_KEY:
                    raise InvalidAction(_("a field name must be text of at most {n} characters", n=MAX_KEY),
                                        rule="ACTION")
                _check_text(key, key)
                stack.append((value, depth + 1, key))
        elif isinstance(item, (list, tuple)):
            stack.extend((value, depth + 1, where) for value in item)
        elif not (item is None or isinstance(item, (bool, int, float))):
            raise InvalidAction(_("“{field}” holds a value of an unknown kind", field=where[:40]), rule="ACTION")


def _flat_and_plain(data: dict) -> bool:
    """Whether every key and value of ``data`` is one the walk below lets through at a glance:
    printable ASCII text within the lengths, a number, a truth value or null, nothing nested.
    An entry as phones and scripts send it; anything else takes the walk."""
    for key, value in data.items():
        if type(key) is not str or len(key) > MAX_KEY or not (key.isascii() and key.isprintable()):
            return False
        kind = type(value)
        if kind is str:
            if len(value) > MAX_TEXT or not (value.isascii() and value.isprintable()):
                return False
        elif not (value is None or kind is int or kind is bool or kind is float):
            return False
    return True


def _check_text(text: str, where: str) -> None:
    field = where[:40] or "type"
    if len(text) > MAX_TEXT:
        raise InvalidAction(_("“{field}” is longer than {n} characters", field=field, n=MAX_TEXT), rule="ACTION")
    if "\x00" in text:
        raise InvalidAction(_("text may not contain NUL characters"), rule="ACTION")
    if _CONTROL.search(text):
        raise InvalidAction(_("“{field}” holds a control character", field=field), rule="ACTION")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidAction(_("“{field}” holds a broken character (a lone surrogate)", field=field),
                            rule="ACTION") from None


def check_one_line(players: Any, title: Any) -> None:
    """Names and a title for a new match are one line of text that runs as it is written
    (after check_input). Checked for new matches only: a match stored or exported before is
    read as it was."""
    if isinstance(players, list) and any(isinstance(p, str) and _NOT_ONE_LINE.search(p.strip()) for p in players):
        raise InvalidAction(_("a player's name cannot hold a line break, a tab or a mark that turns the "
                              "direction of the text"), rule="SETUP")
    if isinstance(title, str) and _NOT_ONE_LINE.search(title.strip()):
        raise InvalidAction(_("the title cannot hold a line break, a tab or a mark that turns the direction "
                              "of the text"), rule="SETUP")
