"""Score sheet downloads."""
from __future__ import annotations

from flask import Blueprint, abort, make_response, request

from referee import games, i18n, pdf, store

bp = Blueprint("pdf", __name__)


@bp.get("/api/matches/<match_id>/scoresheet.pdf")
def scoresheet(match_id: str):
    try:
        match = store.get_match(match_id)
    except store.MatchNotFound:
        abort(404)
    i18n.set_game(match.game)
    page = request.args.get("size", "a4").lower()
    if page not in pdf.PAGE_SIZES:
        abort(400)
    view = store.load(match).view()
    body = pdf.scoresheet(match, view, games.get(match.game).title, page)
    response = make_response(body)
    response.headers["Content-Type"] = "application/pdf"
    filename = f"{match.game}-{match.id}-{page}.pdf"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
