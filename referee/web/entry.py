"""Turns the fields of an entry form on the phone into the same JSON action the API takes.

The card picker posts a card as two fields, ``<key>.rank`` and ``<key>.suit`` (``card.rank=7``,
``card.suit=c``), and a list of cards as ``<key>.<n>.rank``/``.suit`` (``cards.0.rank``). Whole
numbers arrive as text and are read back as numbers, except for fields that are names or
free text. Per-player numbers arrive as ``<key>[<name>]`` (``bank_cards[Ann]=12``) and become
``{"bank_cards": {"Ann": 12}}``; a blank one is left out. A list of names arrives as
``<key>.<n>`` (``to.0=Ann``, ``to.1=Ben``), and a list of records as ``<key>.<n>.<field>``
(``hands.0.stake=6``). ``true`` and ``false`` become booleans.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from referee.errors import InvalidAction
from referee.i18n import _

TEXT_FIELDS = frozenset({"type", "id", "by", "player", "caller", "to", "bidder", "reason", "note",
                         "from", "bank", "denomination", "foundation_suit", "ending", "ended_by", "winner", "tie",
                         "decision", "scoring", "class", "banker_class"})
IGNORED = frozenset({"csrf_token"})
_CARD_PART = re.compile(r"^(?P<key>[a-z_]+)(?:\.(?P<index>[0-9]{1,2}))?\.(?P<part>rank|suit)$")
_WHOLE_NUMBER = re.compile(r"^-?[0-9]{1,9}$")
_ROW_FIELD = re.compile(r"^(?P<key>[a-z_]+)\.(?P<index>[0-9]{1,2})\.(?P<field>[a-z_]+)$")
_LIST_ITEM = re.compile(r"^(?P<key>[a-z_]+)\.(?P<index>[0-9]{1,2})$")
_PER_PLAYER = re.compile(r"^(?P<key>[a-z_]+)\[(?P<name>.+)\]$", re.DOTALL)


def form_action(form: Mapping[str, str]) -> dict[str, Any]:
    action: dict[str, Any] = {}
    picked: dict[tuple[str, int | None], dict[str, str]] = {}
    listed: dict[str, dict[int, str]] = {}
    rows: dict[str, dict[int, dict[str, Any]]] = {}
    shapes: dict[str, str] = {}
    for key, value in form.items():
        if key in IGNORED or not value.strip():
            continue  # a blank field is a field not given
        part = _CARD_PART.match(key)
        per_player = _PER_PLAYER.match(key)
        item = _LIST_ITEM.match(key)
        row = _ROW_FIELD.match(key) if not part else None
        _one_shape(shapes, *_shape(key, part, per_player, item, row))
        if row:
            rows.setdefault(row["key"], {}).setdefault(int(row["index"]), {})[row["field"]] = _scalar(
                row["field"], value)
        elif item:
            listed.setdefault(item["key"], {})[int(item["index"])] = value
        elif per_player:
            if value.strip():
                action.setdefault(per_player["key"], {})[per_player["name"]] = _number(per_player["key"], value)
        elif part:
            index = int(part["index"]) if part["index"] is not None else None
            picked.setdefault((part["key"], index), {})[part["part"]] = value.strip()
        else:
            action[key] = _scalar(key, value)
    for (key, index), parts in sorted(picked.items(), key=lambda item: (item[0][0], item[0][1] or 0)):
        card = _compose(parts, index)
        if card is None:
            continue
        if index is None:
            action[key] = card
        else:
            action.setdefault(key, []).append(card)
    for key, items in listed.items():
        action[key] = [items[i] for i in sorted(items)]
    for key, numbered in rows.items():
        action[key] = [numbered[i] for i in sorted(numbered)]
    _resolve_top(action)
    return action


def _shape(key: str, part, per_player, item, row) -> tuple[str, str]:
    """The field a form key posts to, and in which shape (card, cards, list, rows, per player,
    or plain)."""
    if part:
        return part["key"], "cards" if part["index"] is not None else "card"
    if row:
        return row["key"], "rows"
    if item:
        return item["key"], "list"
    if per_player:
        return per_player["key"], "per player"
    return key, "plain"


def _one_shape(shapes: dict[str, str], name: str, shape: str) -> None:
    # "cards=xyz&cards.0.rank=7" cannot be one action: say which field, do not guess.
    if shapes.setdefault(name, shape) != shape:
        raise InvalidAction(_("the field “{field}” was sent in two different shapes; send it once",
                              field=name[:40]), rule="ACTION")


def _scalar(key: str, value: str) -> Any:
    """A plain field: names and words stay text; true/false and whole numbers are read back."""
    if key in TEXT_FIELDS:
        return value
    # Read from the stripped text: str.strip() also takes the control characters \x1c-\x1f that
    # int() refuses, so "0\x1f" is the number 0, as " 0 " is.
    word = value.strip()
    if word in ("true", "false"):
        return word == "true"
    if _WHOLE_NUMBER.match(word):
        return int(word)
    return value


def _number(key: str, value: str) -> int:
    word = value.strip()
    if not _WHOLE_NUMBER.match(word):
        raise InvalidAction(_("{field}: “{text}” is not a whole number", field=key.replace("_", " "),
                              text=word[:20]), rule="ACTION")
    return int(word)


def _compose(parts: dict[str, str], index: int | None) -> str | None:
    rank, suit = parts.get("rank", ""), parts.get("suit", "")
    if not rank and not suit:
        return None
    if rank.upper() == "JK":
        return "JK"
    if not rank:
        raise InvalidAction(_("pick a rank as well as the suit") if index is None else
                            _("pick a rank for card {n} as well as the suit", n=index + 1), rule="CARD")
    if not suit:
        raise InvalidAction(_("pick a suit for the {rank}", rank=rank) if index is None else
                            _("pick a suit for card {n}, the {rank}", n=index + 1, rank=rank), rule="CARD")
    return rank + suit


def _resolve_top(action: dict[str, Any]) -> None:
    # A pair entered on the phone says which of its two cards lies on top by position, or
    # "last": the card tapped last.
    top, cards = action.get("top"), action.get("cards")
    if isinstance(top, int) and isinstance(cards, list) and 0 <= top < len(cards):
        action["top"] = cards[top]
    elif top == "last" and isinstance(cards, list) and cards:
        action["top"] = cards[-1]
