"""The pages a table uses on a phone: home, new match, the match screen, the rules pages.

Full pages, and the fragments htmx swaps: the board (``/board``, ``/act``) is always a
fragment; the setup page answers a change of game (an htmx GET) with that game's house rules
only; the correction page answers a game's own htmx buttons with its main part. Entries go
through ``store.append``, the same path as the JSON API.
"""
from __future__ import annotations

import hashlib
import re
import uuid
from dataclasses import dataclass
from datetime import timezone
from pathlib import Path
from typing import Any

import segno
from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from htmx_flask import make_response as htmx_response
from markupsafe import Markup

from referee import games, i18n, store
from referee.cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, Card, rank_label
from referee.errors import IllegalAction, InvalidAction, RuleViolation
from referee.i18n import N_, _, gettext
from referee.points import points, signed
from referee.replay import CorrectionConflict, step
from referee.rulebook import book
from referee.web import phone
from referee.web.chart import running_totals_svg
from referee.web.entry import form_action
from referee.web.forms import (
    NewMatchForm,
    chosen_game,
    game_choices,
    house_rule_form,
    settings_from,
)
from referee.web.security import may_create_match, may_guess_code
from referee.web.service_worker import script as service_worker_script

FIGURE = re.compile(r"[+\u2212-]?\d+")  # a cell that is a figure: 12, +6, −38
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


def _htmx_request() -> bool:
    """Whether htmx sent this request (its HX-Request header)."""
    # htmx_flask's extension swaps in its own request class with ``htmx`` at runtime; the
    # package ships no type information, so Flask's Request type does not declare it.
    return bool(request.htmx)  # type: ignore[attr-defined]


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

    @app.template_global()
    def game_templates(game_name: str, part: str) -> list[str]:
        """A game's own template of a part of the page, else the generic one."""
        return games.REGISTRY[game_name].templates(part)

    @app.template_global()
    def match_game_title(match: Any) -> str:
        """The match's game as the table names it ("Shoot Pontoon"), in the page's language."""
        return gettext(games.title_of(match.game, match.settings or {}))

    @app.template_global()
    def game_unit(game_name: str) -> str:
        """What one deal of a game is called at the table: "game", "hand" or "deal"."""
        return games.rules_of(game_name).unit

    @app.template_global()
    def game_stylesheet(game_name: str) -> str | None:
        """The static path of a game's stylesheet, where it has one."""
        path = f"css/games/{games.REGISTRY[game_name].name}.css"
        return path if app.static_folder and (Path(app.static_folder) / path).exists() else None

    @app.context_processor
    def card_tables():
        return {"RANKS": RANKS, "SUIT_SYMBOLS": SUIT_SYMBOLS, "SUIT_NAMES": SUIT_NAMES,
                "GAMES": games.GAMES, "rank_label": rank_label, "card_spoken": lambda text: Card.parse(text).spoken}

    @app.template_filter("card_text")
    def card_text(text: str) -> str:
        """A card in API notation as a person reads it (7♣); anything else as it is."""
        try:
            return Card.parse(text).symbol
        except RuleViolation:
            return str(text)

    @app.template_filter("points")
    def written_points(value: Any) -> Any:
        """A whole number as points are written (a minus sign, not a hyphen); anything else,
        such as a cell of words, as it is."""
        return points(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @app.template_filter("signed")
    def signed_points(value: int) -> str:
        return signed(value)

    @app.template_filter("figure_columns")
    def figure_columns(breakdown: dict) -> set[int]:
        """The columns of a result's breakdown that hold only figures (12, +6, −38): drawn
        right-aligned, clear of the names ("Ann 1" beside each other reads as a seat number)."""
        rows = [row["cells"] for row in breakdown.get("rows") or ()]
        return {index for index in range(len(breakdown.get("columns") or ()))
                if rows and all(index < len(cells) and FIGURE.fullmatch(str(cells[index])) for cells in rows)}

    @app.template_filter("all_of")
    def listed(items) -> str:
        """Names joined as the language joins them: "Ben, Cy and Dee"."""
        return str(i18n.all_of(items))

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
    choice = request.values.get("game")
    game_name, fixed = chosen_game(choice)
    rules_form = house_rule_form(game_name, request.form if request.method == "POST" else None, fixed)
    title = _game_title(choice, game_name)
    if request.method == "GET" and _htmx_request():
        # Switching the game swaps in that game's house rules.
        return render_template("pages/_house_rules.html", rules_form=rules_form, game=games.get(game_name),
                               game_title=title)
    error = None
    if form.validate_on_submit() and rules_form.validate():
        if not may_create_match(current_app):
            error = RuleViolation(_("Too many new matches from this phone: wait a few minutes."), rule="RATE")
            return render_template("pages/new.html", form=form, rules_form=rules_form,
                                   game=games.get(game_name), game_title=title, error=error), 429
        try:
            match, token, _replay = store.create_match(
                game_name, form.player_names(), settings_from(rules_form, game_name, fixed),
                form.mode.data, form.title.data or "")
        except RuleViolation as violation:
            error = violation
        else:
            _remember_scorer(match.id, token)
            return redirect(url_for("pages.match", match_id=match.id))
    form.game.data = choice if choice in games.VARIANTS else game_name
    status = 422 if request.method == "POST" else 200
    return render_template("pages/new.html", form=form, rules_form=rules_form, game=games.get(game_name),
                           game_title=title, error=error), status


def _game_title(choice: str | None, game_name: str) -> str:
    variant = games.VARIANTS.get(choice or "")
    return gettext(variant.title) if variant else games.rules_of(game_name).title


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
        "entry_url": url_for("pages.act", match_id=match.id),  # where the game's own buttons post
        "lost_scorer": not scorer and scorer_lost(match),
        "unavailable": {card: str(reason) for card, reason in replay.game.unavailable(replay.state).items()},
        "last_words": told[-1].words if told else None,
        "undo_words": told[in_force - 1].words if in_force and in_force <= len(told) else None,
    }
    labels = state.get("team_names") or {}
    context["chart"] = running_totals_svg(replay.game.running_totals(replay.state), list(state.get("scores") or ()),
                                          gettext("Running totals"), labels, replay.game.opening_totals(replay.state))
    context["chart_note"] = replay.game.chart_note(replay.state) if context["chart"] else None
    context.update(extra)
    return context


@bp.get("/m/<match_id>")
def match(match_id: str):
    match = _match_or_404(match_id)
    phone.remember(match.id)
    replay = store.load(match)
    context = _board_context(match, replay)
    links = {"viewer": url_for("pages.match", match_id=match.id, _external=True)}
    codes = {"viewer": store.show_code(match.viewer_code or "")}
    # A scorer's credential is good (is_scorer has just checked it), so it is never None here.
    if context["scorer"] and (credential := phone.scorer_credential(match.id)) is not None:
        links["scorer"] = url_for("pages.join", match_id=match.id, token=credential, _external=True)
        code = credential if len(credential) == store.SCORER_CODE_LENGTH else store.scorer_code_for(credential)
        codes["scorer"] = store.show_code(code)
    context["links"], context["codes"] = links, codes
    context["rematches"] = store.rematches(match)
    context["qr"] = {kind: qr_svg(url) for kind, url in links.items()}
    response = make_response(render_template("pages/match.html", **context))
    response.headers["Vary"] = "HX-Request, Cookie"
    return response


@bp.post("/m/<match_id>/rematch")
def rematch(match_id: str):
    """A new match with the same players and house rules, the next dealer in the first seat
    (seat order is a circle: it turns, it does not change); the two matches link each other."""
    match = _match_or_404(match_id)
    if not is_scorer(match):
        abort(403)
    state = store.load(match).view()
    players = list(match.players)
    first = state.get("next_dealer") or state.get("next_banker") or state.get("dealer")
    turn = players.index(first) if first in players else 0
    try:
        new, token, _replay = store.create_match(match.game, players[turn:] + players[:turn], dict(match.settings),
                                                 match.mode, match.title, rematch_of=match.id)
    except RuleViolation:
        abort(422)
    _remember_scorer(new.id, token)
    return redirect(url_for("pages.match", match_id=new.id))


@bp.get("/m/<match_id>/board")
def board(match_id: str):
    """The board fragment, polled by every open page with the seq it shows: while the log has
    not moved, the answer is 304 Not Modified with no body (the one query that reads the match
    also reads its newest seq; no replay, no rendering, nothing swapped). A page drawn for the
    scorer says so (``scorer=1``): once a new scorer link has replaced this phone's, its next poll
    is answered in full, so the phone is told in words before it tries another entry."""
    match = _match_or_404(match_id)
    since = request.args.get("since", type=int)
    drawn_for_scorer = request.args.get("scorer") == "1"
    if since is not None and since == match.newest_seq and drawn_for_scorer == is_scorer(match):
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
        context = _board_context(match, store.load(match), error=in_words(violation), posted=posted)
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

UNIT_PAGE = 150   # entries of one game, hand or deal on a page: a long match costs no more
SUMMARIES = 30    # folded games, hands or deals listed on either side of the open one
UNIT_WORDS = {"game": N_("Game {n}"), "hand": N_("Hand {n}"), "deal": N_("Deal {n}")}


@bp.route("/m/<match_id>/timeline", methods=["GET", "POST"])
def timeline(match_id: str):
    """Every entry in words, grouped the way the game is (by game, hand or deal, then by trick
    where the game has tricks). The current group is open; the others are folded to one line.
    The scorer can raise a dispute on any entry, rule on it, or drop an entry the rules no
    longer accept; corrections have a page of their own with the live entry keys."""
    match = _match_or_404(match_id)
    error: RuleViolation | None = None
    conflicts: tuple[tuple[int, RuleViolation], ...] = ()
    posted: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        if not is_scorer(match):
            abort(403)
        posted = request.form.to_dict()
        try:
            action = _timeline_action(match, posted)
            adjusting = action["type"] == "ruling" and action["decision"] == "adjusted"
            target = _adjusted_entry(match, action) if adjusting and "carried_out_by" not in action else None
            if target is not None:
                # An adjustment is carried out first: the correction page records the ruling with it.
                return redirect(url_for("pages.correct", match_id=match.id, seq=target,
                                        dispute=action["dispute"], ruling_reason=action["reason"]))
            store.append(match, action)  # a ruling on no open dispute is refused here, with its reason
        except CorrectionConflict as conflict:
            error, conflicts, status = conflict, conflict.conflicts, 422
        except RuleViolation as violation:
            error, status = violation, 422
        except store.StaleExpect:
            error, status = RuleViolation(_("Another phone entered something first: look again."), "EXPECT"), 409
        else:
            target = action.get("seq") or _number(posted.get("seq")) or action.get("dispute")
            return redirect(url_for("pages.timeline", match_id=match.id, entry=target) + f"#e{target}")
    jump = _number(request.args.get("entry")) if request.args.get("go") else None
    if request.method == "GET" and jump:  # the entry-number form: land on the entry itself
        return redirect(url_for("pages.timeline", match_id=match.id, entry=jump) + f"#e{jump}")
    replay = store.load(match)
    context = {"match": match, "game": replay.game, "replay": replay, "state": replay.view(),
               "scorer": is_scorer(match), "error": error, "conflicts": conflicts, "posted": posted,
               "rulebook": book(match.game)}
    context.update(_timeline_page(match, replay, _number(request.args.get("entry")) or _number(posted.get("seq")),
                                  _number(request.args.get("unit"))))
    return render_template("pages/timeline.html", **context), status


def _timeline_page(match: store.Match, replay: store.Replay, wanted: int | None, unit: int | None) -> dict:
    """The open game, hand or deal (the one holding entry ``wanted``, else number ``unit``, else
    the newest), a window of its entries, and one line for each neighbour."""
    units = store.units(match)
    if not units:
        return {"entries": [], "open_unit": None, "earlier": [], "later": [], "hidden_earlier": 0,
                "corrections_now": {}, "window": None, "unit_label": _unit_label(replay.game, 0)}
    index = len(units) - 1
    if wanted:
        index = next((i for i, u in enumerate(units) if u.first <= wanted <= u.last), index)
    elif unit is not None:
        index = next((i for i, u in enumerate(units) if u.number == unit), index)
    current = units[index]
    upto = current.last
    if wanted and current.first <= wanted <= current.last:
        upto = min(current.last, current.first - 1 + ((wanted - current.first) // UNIT_PAGE + 1) * UNIT_PAGE)
    after = max(current.first - 1, upto - UNIT_PAGE)
    earlier = units[max(0, index - SUMMARIES):index]

    def line(u: store.Unit) -> dict:
        return {"unit": u, "label": _unit_label(replay.game, u.number), "headline": _headline(match, replay, u)}

    entries = store.timeline(match, after, upto)
    told = store.told(match)
    now = {t.entry.seq: told[t.entry.corrected_by - 1].corrected for t in entries if t.entry.corrected_by}
    return {"entries": entries, "stages": _stages(entries, wanted), "open_unit": current, "corrections_now": now,
            "unit_label": _unit_label(replay.game, current.number),
            "earlier": [line(u) for u in earlier], "hidden_earlier": index - len(earlier),
            "later": [line(u) for u in units[index + 1:index + 1 + SUMMARIES]],
            "window": {"after": after, "upto": upto, "first": current.first, "last": current.last}}


@dataclass(frozen=True)
class StageGroup:
    """The entries of one trick or turn (``label``), or those before the first (no label).
    Only the newest group and the one holding the entry asked for are open; a folded one
    shows its last entry as its summary."""

    label: str | None
    entries: tuple[store.TimelineEntry, ...]
    open: bool
    summary: str | None


def _stages(entries: list[store.TimelineEntry], wanted: int | None) -> list[StageGroup]:
    groups: list[tuple[str | None, list[store.TimelineEntry]]] = []
    for item in entries:
        if not groups or (item.stage and item.stage != groups[-1][0]):
            groups.append((item.stage, []))
        groups[-1][1].append(item)
    return [StageGroup(label, tuple(items), label is None or n == len(groups) - 1
                       or any(t.entry.seq == wanted for t in items), items[-1].words if label else None)
            for n, (label, items) in enumerate(groups)]


def _unit_label(game, number: int) -> str:
    if number == 0:
        return gettext("Before the first deal")
    return str(_(UNIT_WORDS.get(game.unit, UNIT_WORDS["deal"]), n=number))


_headlines: dict[tuple, str | None] = {}


def _headline(match: store.Match, replay: store.Replay, unit: store.Unit) -> str | None:
    """How a finished game, hand or deal ended, in one line, as the entries now stand (kept
    until the log moves: a timeline page is worked out once)."""
    key = (match.id, replay.seq, unit.number, i18n.current())
    if key not in _headlines:
        try:
            outcome = replay.game.view(replay.state_before(unit.last + 1)).get("outcome")
        except Exception:  # noqa: BLE001 - a summary line must never take the page down
            outcome = None
        if len(_headlines) > 4096:
            _headlines.clear()
        _headlines[key] = outcome["headline"] if outcome and outcome.get("number") == unit.number else None
    return _headlines[key]


# --- corrections, with the live entry keys --------------------------------------------------

@bp.route("/m/<match_id>/timeline/correct/<int:seq>", methods=["GET", "POST"])
def correct(match_id: str, seq: int):
    """Correct entry ``seq`` with the same keys the scorer uses for live entry, drawn for the
    table as it stood before that entry and set to the entry's values. A refused correction is
    answered beside its keys, listing every later entry that no longer holds; the scorer may
    set those aside with it. Coming from an "adjusted" ruling, the ruling is recorded with it."""
    match = _match_or_404(match_id)
    if not is_scorer(match):
        abort(403)
    replay = store.load(match)
    link = replay.correctable(seq)
    if link is None:
        abort(404)
    dispute = _number(request.values.get("dispute"))
    # Not "reason": an entry may have a reason of its own (a Reverse Bridge adjustment's).
    reason = (request.values.get("ruling_reason") or "").strip()
    error: RuleViolation | None = None
    conflicts: tuple[tuple[int, RuleViolation], ...] = ()
    status = 200
    posted = action_fields(link.action)
    if request.method == "POST":
        posted = request.form.to_dict()
        fields = {k: v for k, v in posted.items()
                  if k not in ("csrf_token", "drop", "dispute", "ruling_reason", "seen")}
        try:
            seen = _number(posted.get("seen"))
            if seen is not None and seen != replay.seq:
                # The page was drawn before the log moved: another phone's entry, or this very
                # correction already made and sent again after a dropped answer.
                raise store.StaleExpect(replay)
            drops = [_entry_number(text) for text in posted.get("drop", "").split()]
            correction = {"type": "correct", "seq": seq, "action": form_action(fields), "drop": drops,
                          "expect": replay.seq}
            ruling = None
            if dispute:
                ruling = {"type": "ruling", "dispute": dispute, "decision": "adjusted",
                          "reason": reason or gettext("adjusted by a correction"), "carried_out_by": replay.seq + 1}
                # Both or neither: the ruling is judged after the correction before either is stored.
                corrected, _findings = step(replay, correction, replay.seq + 1)
                step(corrected, ruling, replay.seq + 2)
            appended = store.append(match, correction)
            if ruling is not None:
                try:
                    store.append(match, {**ruling, "carried_out_by": appended.seq})
                except RuleViolation as violation:  # ruled on by another phone in between
                    raise IllegalAction(_("The correction was made (entry {n}), but the ruling was not: {why}",
                                          n=appended.seq, why=str(violation)), rule=violation.rule) from None
        except CorrectionConflict as conflict:
            error, conflicts, status = conflict, conflict.conflicts, 422
        except RuleViolation as violation:
            error, status = in_words(violation), 422
        except store.StaleExpect:
            error, status = RuleViolation(_("Another phone entered something first: look again."), "EXPECT"), 409
        else:
            done = url_for("pages.timeline", match_id=match.id, entry=seq) + f"#e{seq}"
            if _htmx_request():  # a game's own button (htmx) made the correction
                return htmx_response("", 204, redirect=done)
            return redirect(done)
    state_before = replay.state_before(seq)
    context = {"match": match, "game": replay.game, "replay": replay, "scorer": True, "seq": seq,
               "state": replay.game.view(state_before), "posted": posted, "error": error, "conflicts": conflicts,
               "original": store.corrected_words(replay, seq, link.original), "rulebook": book(match.game),
               "unavailable": {c: str(r) for c, r in replay.game.unavailable(state_before).items()},
               "dispute": dispute, "reason": reason, "status": status,
               "entry_url": url_for("pages.correct", match_id=match.id, seq=seq), "correcting": True}
    page = render_template("pages/correct.html", **context)
    if not _htmx_request():
        return page, status
    # A game's own button posted here with htmx, aimed at the live board: the answer is this
    # page's main part, in place of the one on screen.
    response = htmx_response(page, status, retarget="main", reswap="outerHTML")
    response.headers["HX-Reselect"] = "main"  # htmx-flask 0.1 has no argument for it
    return response


# What a phone entry can lack, as the keys name it: a person never reads an API field name.
MISSING_WORDS = {"card": N_("the card"), "cards": N_("the cards"), "as": N_("the card the joker stands for"),
                 "bank": N_("the bank"), "amount": N_("the amount"), "caller": N_("who calls"),
                 "foundation_suit": N_("the suit"), "level": N_("the level"), "denomination": N_("the suit"),
                 "reason": N_("the reason"), "winner": N_("who won"), "player": N_("the player"),
                 "hand": N_("the hand"), "row": N_("the row"), "discard": N_("the discard"),
                 "tricks": N_("the tricks"), "team": N_("the team"), "bidder": N_("who bid"),
                 "ending": N_("how the game ended"), "from": N_("where the card came from")}


def in_words(violation: RuleViolation) -> RuleViolation:
    """A refusal for a missing field, said as what to tap; any other refusal as it is."""
    missing = getattr(violation, "missing", None)
    if missing is None:
        return violation
    what = MISSING_WORDS.get(missing)
    message = (_("Something is missing: choose {what}, then send again.", what=_(what)) if what else
               _("Something is missing from this entry: fill in every field, then send again."))
    return InvalidAction(message, rule=violation.rule, missing=missing, cites=violation.cites)


def action_fields(action: dict) -> dict[str, str]:
    """An action as the entry form posts it, so its keys come up set to its values: a card
    as rank and suit, a list of cards both as a list and as pickers, numbers and names as text."""
    fields: dict[str, str] = {}
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, list):
            for n, item in enumerate(value):
                fields[f"{key}.{n}"] = str(item)
                _card_fields(fields, f"{key}.{n}", item)
        elif isinstance(value, dict):
            for name, number in value.items():
                fields[f"{key}[{name}]"] = str(number)
        elif isinstance(value, bool):
            fields[key] = "true" if value else "false"
        else:
            fields[key] = str(value)
            _card_fields(fields, key, value)
    return fields


def _card_fields(fields: dict[str, str], key: str, value) -> None:
    try:
        card = Card.parse(value)
    except RuleViolation:
        return
    fields[f"{key}.rank"] = card.rank
    if card.suit:
        fields[f"{key}.suit"] = card.suit


def _number(text: str | None) -> int | None:
    """A whole number typed or posted in a form: ASCII digits only, at most nine of them."""
    if isinstance(text, str) and 0 < len(text) <= 9 and text.isascii() and text.isdigit():
        return int(text)
    return None


def _adjusted_entry(match: store.Match, ruling: dict) -> int | None:
    """The entry whose correction carries out an "adjusted" ruling: the one its open dispute
    is about (None when there is no open dispute of that number: the ruling itself is then
    refused, with its reason). One that no correction can reach (a table entry, an entry undone
    or set aside) is refused here, on the timeline, rather than leading to a correction page
    that is not there."""
    replay = store.load(match)
    dispute = next((d for d in replay.disputes if d.seq == ruling["dispute"] and d.ruling is None), None)
    if dispute is None:
        return None
    if replay.correctable(dispute.target) is None:
        raise IllegalAction(_("entry {n} is not an entry of play in force (a table entry, or undone, or set "
                              "aside), so no correction can carry out an adjustment: rule the dispute upheld or "
                              "overruled", n=dispute.target), rule="DISPUTE")
    return dispute.target


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
    raise InvalidAction(_("unknown timeline entry"), rule="ACTION")


def _entry_number(text: str | None) -> int:
    number = _number(text)
    if number is None:
        raise InvalidAction(_("say which entry (its number)"), rule="ACTION")
    return number


@bp.get("/sw.js")
def service_worker():
    """The service worker, served from the root so that it may look after every page, and
    named for the static files of this release (``referee.web.service_worker``)."""
    response = make_response(service_worker_script(Path(current_app.static_folder or "static")))
    response.mimetype = "text/javascript"
    response.add_etag()
    response.make_conditional(request)
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

