"""Turns the fields of an entry form on the phone into the same JSON action the API takes.

The card picker posts a card as two fields, ``<key>.rank`` and ``<key>.suit`` (``card.rank=7``,
``card.suit=c``), and a list of cards as ``<key>.<n>.rank``/``.suit`` (``cards.0.rank``). Whole
numbers arrive as text and are read back as numbers, except for fields that are names or
free text. Per-player numbers arrive as ``<key>[<name>]`` (``bank_cards[Ann]=12``) and become
``{"bank_cards": {"Ann": 12}}``; a blank one is left out. A list of names arrives as
``<key>.<n>`` (``to.0=Ann``, ``to.1=Ben``). ``true`` and ``false`` become booleans.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from referee.rules import InvalidAction

TEXT_FIELDS = frozenset({"type", "id", "by", "player", "caller", "to", "bidder", "reason", "note",
                         "from", "bank", "denomination", "foundation_suit", "ending", "ended_by", "winner", "tie",
                         "decision", "note", "scoring"})
IGNORED = frozenset({"csrf_token"})
_CARD_PART = re.compile(r"^(?P<key>[a-z_]+)(?:\.(?P<index>\d{1,2}))?\.(?P<part>rank|suit)$")
_WHOLE_NUMBER = re.compile(r"^-?\d{1,9}$")
_LIST_ITEM = re.compile(r"^(?P<key>[a-z_]+)\.(?P<index>\d{1,2})$")
_PER_PLAYER = re.compile(r"^(?P<key>[a-z_]+)\[(?P<name>.+)\]$", re.DOTALL)


def form_action(form: Mapping[str, str]) -> dict[str, Any]:
    action: dict[str, Any] = {}
    picked: dict[tuple[str, int | None], dict[str, str]] = {}
    listed: dict[str, dict[int, str]] = {}
    for key, value in form.items():
        if key in IGNORED or not value.strip():
            continue  # a blank field is a field not given
        part = _CARD_PART.match(key)
        per_player = _PER_PLAYER.match(key)
        item = _LIST_ITEM.match(key)
        if item:
            listed.setdefault(item["key"], {})[int(item["index"])] = value
        elif per_player:
            if value.strip():
                action.setdefault(per_player["key"], {})[per_player["name"]] = _number(per_player["key"], value)
        elif part:
            index = int(part["index"]) if part["index"] is not None else None
            picked.setdefault((part["key"], index), {})[part["part"]] = value.strip()
        elif key not in TEXT_FIELDS and value.strip() in ("true", "false"):
            action[key] = value.strip() == "true"
        elif key in TEXT_FIELDS or not _WHOLE_NUMBER.match(value.strip()):
            action[key] = value
        else:
            action[key] = int(value)
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
    _resolve_top(action)
    return action


def _number(key: str, value: str) -> int:
    if not _WHOLE_NUMBER.match(value.strip()):
        raise InvalidAction(f"{key.replace('_', ' ')}: {value.strip()[:20]!r} is not a whole number", rule="ACTION")
    return int(value)


def _compose(parts: dict[str, str], index: int | None) -> str | None:
    rank, suit = parts.get("rank", ""), parts.get("suit", "")
    which = "" if index is None else f" for card {index + 1}"
    if not rank and not suit:
        return None
    if rank.upper() == "JK":
        return "JK"
    if not rank:
        raise InvalidAction(f"pick a rank{which} as well as the suit", rule="CARD")
    if not suit:
        raise InvalidAction(f"pick a suit{which} for the {rank}", rule="CARD")
    return rank + suit


def _resolve_top(action: dict[str, Any]) -> None:
    # A pair entered on the phone says which of its two cards lies on top by position.
    top, cards = action.get("top"), action.get("cards")
    if isinstance(top, int) and isinstance(cards, list) and 0 <= top < len(cards):
        action["top"] = cards[top]
