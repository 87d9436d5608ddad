"""The pages a table uses on a phone: home, new match, the match screen, the rules pages.

A route answers a full page, or for an htmx request only the fragment it swaps
(``Vary: HX-Request``). Entries go through ``store.append``, the same path as the JSON API.
"""
from __future__ import annotations

import hashlib
import json
import uuid
from datetime import timezone

import segno
from flask import (Blueprint, Flask, abort, current_app, make_response, redirect, render_template, request,
                   url_for)
from markupsafe import Markup

from referee import games, i18n, store
from referee.cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, Card, rank_label
from referee.rulebook import book
from referee.i18n import _, gettext
from referee.replay import CorrectionConflict
from referee.rules import InvalidAction, RuleViolation
from referee.web import phone
from referee.web.entry import form_action
from referee.web.forms import NewMatchForm, game_choices, house_rule_form, settings_from
from referee.web.security import may_create_match, may_guess_code

bp = Blueprint("pages", __name__)


# --- helpers ---------------------------------------------------------------------------------

def _match_or_404(match_id: str) -> store.Match:
    try:
        match = store.get_match(match_id)
    except store.MatchNotFound:
        abort(404)
    i18n.set_game(match.game)
    return match


def is_scorer(match: store.Match) -> bool:
    return match.scorer_token_ok(phone.scorer_credential(match.id))


def _remember_scorer(match_id: str, token: str) -> None:
    phone.remember_scorer(match_id, token)


def qr_svg(url: str) -> Markup:
    return Markup(segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#111", light="#fff"))


def register_filters(app: Flask) -> None:
    @app.template_filter("card")
    def card_symbol(text: str | None) -> Markup:
        """A card as the phone shows it: rank and suit symbol, red suits marked for CSS."""
        if not text:
            return Markup('<span class="card card-empty" aria-label="no card">—</span>')
        card = Card.parse(text)
        colour = card.colour or "joker"
        return Markup('<span class="card card-{}" aria-label="{}">{}</span>').format(
            colour, card.spoken, card.symbol)

    @app.template_filter("localtime")
    def localtime(moment) -> str:
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")

    @app.context_processor
    def card_tables():
        return {"RANKS": RANKS, "SUIT_SYMBOLS": SUIT_SYMBOLS, "SUIT_NAMES": SUIT_NAMES,
                "GAMES": games.GAMES, "rank_label": rank_label, "card_spoken": lambda text: Card.parse(text).spoken}

    @app.template_filter("suits")
    def red_suits(text: str | None) -> Markup:
        """Text with its ♥ and ♦ marked red (and its ♣ ♠ marked too), escaped."""
        escaped = Markup.escape(text or "")
        for symbol, suit in (("♥", "h"), ("♦", "d"), ("♣", "c"), ("♠", "s")):
            escaped = escaped.replace(symbol, Markup(f'<span class="suit-{suit}">{symbol}</span>'))
        return Markup(escaped)


# --- home and new match ----------------------------------------------------------------------

@bp.get("/")
def home():
    """This phone's matches only; every match on the server only where a club switched its
    public list on (PUBLIC_MATCH_LIST)."""
    mine = store.matches_by_id(phone.remembered())
    public = store.recent_matches() if current_app.config["PUBLIC_MATCH_LIST"] else []
    response = make_response(render_template("pages/home.html", matches=mine, public=public))
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["Vary"] = "Cookie"
    return response


@bp.post("/m/<match_id>/forget")
def forget(match_id: str):
    """Take a match off this phone's list (and its right to enter for it); the match stays."""
    phone.forget(match_id)
    return redirect(url_for("pages.home"), 303)


@bp.route("/new", methods=["GET", "POST"])
def new_match():
    form = NewMatchForm()
    form.game.choices = game_choices()
    game_name = request.values.get("game") or next(iter(games.GAMES))
    if games.get(game_name) is None:
        game_name = next(iter(games.GAMES))
    rules_form = house_rule_form(game_name, request.form if request.method == "POST" else None)
    if request.method == "GET" and request.headers.get("HX-Request"):
        # Switching the game swaps in that game's house rules.
        return render_template("pages/_house_rules.html", rules_form=rules_form, game=games.get(game_name))
    error = None
    if form.validate_on_submit() and rules_form.validate():
        if not may_create_match(current_app):
            error = RuleViolation(_("Too many new matches from this phone: wait a few minutes."), rule="RATE")
            return render_template("pages/new.html", form=form, rules_form=rules_form,
                                   game=games.get(game_name), error=error), 429
        try:
            match, token, _replay = store.create_match(
                form.game.data, form.player_names(), settings_from(rules_form, form.game.data),
                form.mode.data, form.title.data or "")
        except RuleViolation as violation:
            error = violation
        else:
            _remember_scorer(match.id, token)
            return redirect(url_for("pages.match", match_id=match.id))
    form.game.data = game_name
    status = 422 if request.method == "POST" else 200
    return render_template("pages/new.html", form=form, rules_form=rules_form, game=games.get(game_name),
                           error=error), status


# --- the match screen ------------------------------------------------------------------------

@bp.get("/m/<match_id>/join/<token>")
def join(match_id: str, token: str):
    """The scorer link: this phone may enter from now on. A link accepts the short scorer code
    in place of the token, so a wrong one counts as a guess."""
    match = _match_or_404(match_id)
    if not match.scorer_token_ok(token):
        abort(403 if may_guess_code(current_app) else 429)
    _remember_scorer(match.id, token)
    return redirect(url_for("pages.match", match_id=match.id))


@bp.route("/join", methods=["GET", "POST"])
def join_by_code():
    """A second phone types the short code it was told."""
    error, status = None, 200
    if request.method == "POST":
        if not may_guess_code(current_app):
            error, status = gettext("Too many tries from this phone: wait a few minutes."), 429
        else:
            found = store.find_by_code(request.form.get("code", ""))
            if found is None:
                error, status = gettext("No match has that code. Check it with the table and type it again."), 422
            else:
                match, scorer = found
                if scorer:
                    _remember_scorer(match.id, store.normal_code(request.form["code"]))
                else:
                    phone.remember(match.id)
                return redirect(url_for("pages.match", match_id=match.id))
    return render_template("pages/join.html", error=error), status


@bp.post("/m/<match_id>/scorer-link")
def new_scorer_link(match_id: str):
    """Re-issue the scorer link; every phone holding the old one can no longer enter."""
    match = _match_or_404(match_id)
    if not is_scorer(match):
        abort(403)
    token = store.reissue_scorer_token(match)
    _remember_scorer(match.id, token)
    return redirect(url_for("pages.match", match_id=match.id))


def scorer_lost(match: store.Match) -> bool:
    """This phone held a scorer link for the match that a newer one has replaced."""
    return phone.holds_scorer_credential(match.id) and not is_scorer(match)


def _board_context(match: store.Match, replay: store.Replay, **extra) -> dict:
    scorer = is_scorer(match)
    state = replay.view()
    # The entry form is kept across polls while the same move is expected: same key.
    expected = f"{state.get('phase')}|{state.get('turn')}|{state.get('legal')}"
    told = store.told(match) if replay.seq else ()
    in_force = replay.in_force.seq if replay.in_force else None
    context = {
        "match": match, "replay": replay, "state": state, "game": replay.game,
        "entry_key": hashlib.sha256(expected.encode()).hexdigest()[:16],
        "scorer": scorer, "entry_id": uuid.uuid4().hex, "error": None, "posted": {}, "notice": None,
        "rulebook": book(match.game), "polled": False, "confirmed": None,
        "lost_scorer": not scorer and scorer_lost(match),
        "unavailable": {card: str(reason) for card, reason in replay.game.unavailable(replay.state).items()},
        "last_words": told[-1].words if told else None,
        "undo_words": told[in_force - 1].words if in_force and in_force <= len(told) else None,
    }
    context.update(extra)
    return context


def _game_template(game_name: str, part: str) -> list[str]:
    return [f"games/{game_name}/{part}", f"games/_generic{part}"]


@bp.get("/m/<match_id>")
def match(match_id: str):
    match = _match_or_404(match_id)
    phone.remember(match.id)
    replay = store.load(match)
    context = _board_context(match, replay)
    links = {"viewer": url_for("pages.match", match_id=match.id, _external=True)}
    codes = {"viewer": store.show_code(match.viewer_code or "")}
    if context["scorer"]:
        credential = phone.scorer_credential(match.id)
        links["scorer"] = url_for("pages.join", match_id=match.id, token=credential, _external=True)
        code = credential if len(credential) == store.SCORER_CODE_LENGTH else store.scorer_code_for(credential)
        codes["scorer"] = store.show_code(code)
    context["links"], context["codes"] = links, codes
    context["qr"] = {kind: qr_svg(url) for kind, url in links.items()}
    response = make_response(render_template("pages/match.html", **context))
    response.headers["Vary"] = "HX-Request, Cookie"
    return response


@bp.get("/m/<match_id>/board")
def board(match_id: str):
    """The board fragment, polled by every open page with the seq it shows: while the log has
    not moved, the answer is 304 Not Modified with no body (the one query that reads the match
    also reads its newest seq; no replay, no rendering, nothing swapped)."""
    match = _match_or_404(match_id)
    since = request.args.get("since", type=int)
    if since is not None and since == match.newest_seq:
        return "", 304
    context = _board_context(match, store.load(match), polled=True)
    response = make_response(render_template("pages/_board.html", **context))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/m/<match_id>/act")
def act(match_id: str):
    match = _match_or_404(match_id)
    if not is_scorer(match):
        replay = store.load(match)
        message = (_("A new scorer link was made on another phone, so this phone can only watch now: this entry "
                     "was not made. Ask the scorer for the new link or code.") if scorer_lost(match) else
                   _("This phone has the viewer link: only the scorer link can enter."))
        context = _board_context(match, replay, error=RuleViolation(message, rule="AUTH"))
        return render_template("pages/_board.html", **context), 403
    posted = request.form.to_dict()
    status = 200
    try:
        appended = store.append(match, form_action(posted))
    except RuleViolation as violation:
        context = _board_context(match, store.load(match), error=violation, posted=posted)
        status = 422
    except store.StaleExpect as stale:
        context = _board_context(match, stale.replay, notice=gettext(
            "Another phone entered something first. Here is the table as it is now; "
            "your entry was not made — check it and enter it again."), posted=posted)
        status = 409
    else:
        context = _board_context(match, appended.replay, findings=appended.findings)
        context["confirmed"] = context["last_words"]
    return render_template("pages/_board.html", **context), status


# --- the timeline: disputes and corrections ------------------------------------------------

TIMELINE_PAGE = 100  # entries on one page of the timeline: a long match costs no more


@bp.route("/m/<match_id>/timeline", methods=["GET", "POST"])
def timeline(match_id: str):
    """Every entry in words, with findings, disputes, rulings and corrections; the scorer can
    raise a dispute on any entry, rule on it, correct an entry or drop one the rules no longer
    accept. A page holds TIMELINE_PAGE entries: the newest, or the page of ``?entry=n``."""
    match = _match_or_404(match_id)
    error, conflicts, posted, status = None, (), {}, 200
    if request.method == "POST":
        if not is_scorer(match):
            abort(403)
        posted = request.form.to_dict()
        try:
            action = _timeline_action(match, posted)
            store.append(match, action)
        except CorrectionConflict as conflict:
            error, conflicts, status = conflict, conflict.conflicts, 422
        except RuleViolation as violation:
            error, status = violation, 422
        except store.StaleExpect:
            error, status = RuleViolation(_("Another phone entered something first: look again."), "EXPECT"), 409
        else:
            target = action.get("seq") or _number(posted.get("seq")) or action.get("dispute")
            return redirect(url_for("pages.timeline", match_id=match.id, entry=target) + f"#e{target}")
    replay = store.load(match)
    last = replay.seq
    wanted = _number(request.args.get("entry")) or _number(posted.get("seq"))
    upto = min(last, ((wanted - 1) // TIMELINE_PAGE + 1) * TIMELINE_PAGE) if wanted else last
    after = max(0, upto - TIMELINE_PAGE)
    context = {"match": match, "game": replay.game, "replay": replay, "state": replay.view(),
               "entries": store.timeline(match, after, upto), "scorer": is_scorer(match), "error": error,
               "conflicts": conflicts, "posted": posted, "rulebook": book(match.game),
               "page": {"after": after, "upto": upto, "last": last, "size": TIMELINE_PAGE}}
    return render_template("pages/timeline.html", **context), status


def _number(text: str | None) -> int | None:
    """A whole number typed or posted in a form: ASCII digits only, at most nine of them."""
    if isinstance(text, str) and 0 < len(text) <= 9 and text.isascii() and text.isdigit():
        return int(text)
    return None


def _timeline_action(match: store.Match, form: dict[str, str]) -> dict:
    kind = form.get("type")
    expect = _number(form.get("expect"))
    envelope = {"expect": expect} if expect is not None else {}
    if kind == "dispute":
        return {"type": "dispute", "seq": _entry_number(form.get("seq")), "note": form.get("note", ""), **envelope}
    if kind == "ruling":
        if form.get("seq"):
            _entry_number(form.get("seq"))  # the disputed entry, to come back to: a number or nothing
        ruling = {"type": "ruling", "dispute": _entry_number(form.get("dispute")), "decision": form.get("decision"),
                  "reason": form.get("reason", ""), **envelope}
        if form.get("carried_out_by"):
            ruling["carried_out_by"] = _entry_number(form.get("carried_out_by"))
        return ruling
    if kind == "drop":
        return {"type": "drop", "seq": _entry_number(form.get("seq")), **envelope}
    if kind == "correct":
        target = _entry_number(form.get("seq"))
        original = next((e.action for e in store.log(match, target - 1, target)), None)
        if original is None:
            raise InvalidAction(_("there is no entry {n}", n=target), rule="CORRECT")
        corrected = dict(original)
        for key, value in form.items():
            if key.startswith("fix.") and key[4:] in original:
                corrected[key[4:]] = _edited(original[key[4:]], value)
        drops = [_entry_number(text) for text in form.get("drop", "").split()]
        return {"type": "correct", "seq": target, "action": corrected, "drop": drops, **envelope}
    raise InvalidAction(_("unknown timeline entry"), rule="ACTION")


def _entry_number(text: str | None) -> int:
    number = _number(text)
    if number is None:
        raise InvalidAction(_("say which entry (its number)"), rule="ACTION")
    return number


def _edited(original, text: str):
    """A corrected field, read back as the kind of value it was (cards, number, names)."""
    text = text.strip()
    if isinstance(original, list):
        return [part for part in text.replace(",", " ").split() if part]
    if isinstance(original, bool):
        return text.lower() in ("true", "yes", "1")
    if isinstance(original, int):
        number = _number(text.lstrip("-"))
        if number is None:
            raise InvalidAction(_("“{text}” is not a whole number", text=text[:20]), rule="ACTION")
        return -number if text.startswith("-") else number
    if isinstance(original, dict):
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            raise InvalidAction(_("that field must be written as it was shown (JSON)"), rule="ACTION") from None
    return text


@bp.get("/sw.js")
def service_worker():
    """The service worker, served from the root so that it may look after every page."""
    response = current_app.send_static_file("js/sw.js")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/offline")
def offline():
    """What the service worker shows when the referee cannot be reached."""
    return render_template("pages/offline.html")


@bp.get("/healthz")
def healthz():
    """For a load balancer or a monitor: the app runs and its database answers."""
    store.last_seq("")
    return {"ok": True}


# --- rules pages -----------------------------------------------------------------------------

@bp.get("/rules/<game_name>")
def rules_page(game_name: str):
    rulebook = book(game_name)
    if rulebook is None or games.get(game_name) is None:
        abort(404)
    i18n.set_game(game_name)
    return render_template("pages/rules.html", book=rulebook, game=games.get(game_name))


@bp.get("/rules")
def rules_index():
    return render_template("pages/rules_index.html", books=[book(name) for name in games.GAMES])

