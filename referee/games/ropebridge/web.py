"""Ropebridge's pre-check: the phone asks, before sending a match, whether the one or two
picked cards make the player's next row card.

The answer comes from the engine's pure ``check_match`` (the same rule id and message the
engine gives on sending); this module only reads the picker fields and the table. Hands are
not checked here: a card the table saw elsewhere is refused when the match is sent.
"""
from __future__ import annotations

from typing import Any, Mapping

from flask import Blueprint, abort, make_response, render_template, request

from referee import store
from referee.cards import Card
from referee.errors import RuleViolation
from referee.games.ropebridge.engine import check_match, rope_settings
from referee.i18n import _, all_of, n_
from referee.settings import Settings
from referee.web.entry import form_action

bp = Blueprint("ropebridge", __name__)

PICKER_KEYS = ("cards.0.rank", "cards.0.suit", "cards.1.rank", "cards.1.suit")


def pre_check(settings: Settings, state: Mapping[str, Any], fields: Mapping[str, str]) -> dict[str, Any]:
    """What the message box under the match picker says for these picker fields.

    ``{"kind": "ok" | "bad" | "hint", "text", "rule"}``; ``hint`` while the pick is empty or
    half made (a rank without its suit). The text is a Message, shown in the phone's language."""
    turn = state.get("turn")
    row_card = (state.get("next_card") or {}).get(turn) if turn else None
    if state.get("phase") != "play" or row_card is None:
        return {"kind": "hint", "text": _("Nothing to match now."), "rule": None}
    target = Card.parse(row_card)
    picked = {k: v.strip() for k, v in fields.items() if k in PICKER_KEYS and v.strip()}
    for n in (0, 1):
        rank, suit = picked.get(f"cards.{n}.rank"), picked.get(f"cards.{n}.suit")
        if suit and not rank:
            text = _("Now pick the rank of the card.") if n == 0 else _("Now pick the rank of the second card.")
            return {"kind": "hint", "text": text, "rule": None}
        if rank and not suit and rank.upper() != "JK":
            text = (_("Now pick the suit of the card ({rank}).", rank=rank) if n == 0
                    else _("Now pick the suit of the second card ({rank}).", rank=rank))
            return {"kind": "hint", "text": text, "rule": None}
    try:
        cards = form_action(picked).get("cards") or []
    except RuleViolation as violation:
        return {"kind": "hint", "text": violation.message, "rule": None}
    if not cards:
        return {"kind": "hint", "text": _("Pick one card from {player}'s hand for {card}, or two for a pair; "
                                          "the referee checks them before you send.", player=turn, card=target),
                "rule": None}
    try:
        check_match(rope_settings(settings), row_card, cards)
    except RuleViolation as violation:
        return {"kind": "bad", "text": violation.message, "rule": violation.rule}
    shown = all_of(Card.parse(c) for c in cards)
    return {"kind": "ok", "text": n_("{cards} matches {card}.", "{cards} match {card}.", len(cards),
                                     cards=shown, card=target), "rule": None}


@bp.app_template_global("rope_pre_check")
def rope_pre_check(settings_dict: Mapping[str, Any], state: Mapping[str, Any],
                   posted: Mapping[str, str]) -> dict[str, Any]:
    """For the entry form: the message box's first content (after a rejection the picks
    come back pre-selected, and so does their check)."""
    from referee.games.ropebridge.engine import Settings as RopeSettings

    return pre_check(RopeSettings.from_dict(dict(settings_dict)), state, posted)


def _ropebridge_match(match_id: str) -> store.Match:
    try:
        match = store.get_match(match_id)
    except store.MatchNotFound:
        abort(404)
    if match.game != "ropebridge":
        abort(404)
    return match


@bp.get("/m/<match_id>/ropebridge/match-picker")
def match_picker(match_id: str):
    """"Clear picks": the match picker again, nothing picked (radio buttons cannot be unpicked).
    204 when no match can be entered now: the board's poll brings the table up to date."""
    match = _ropebridge_match(match_id)
    state = store.load(match).view()
    if state["phase"] != "play" or "match" not in state["legal"]:
        return "", 204
    response = make_response(render_template("games/ropebridge/_match.html", match=match, state=state, posted={}))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/m/<match_id>/ropebridge/check")
def check(match_id: str):
    match = _ropebridge_match(match_id)
    replay = store.load(match)
    result = pre_check(replay.settings, replay.view(), request.args.to_dict())
    response = make_response(render_template("games/ropebridge/_check.html", check=result))
    response.headers["Cache-Control"] = "no-store"
    return response
