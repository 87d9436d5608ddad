"""Reverse Bridge's scoring table (the source's Table 1), on screen and as a PDF.

Every number comes from the engine's ``scoring_table()``; this module only arranges it: one
block per scoring group (clubs or diamonds, hearts or spades, no trump), the opponents' tricks
0-13 down, the levels 1-13 across, each cell the bidders' and the opponents' points.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, render_template, request

from referee.games.reverse_bridge.engine import scoring_table, table_group_symbols
from referee.i18n import N_, gettext

bp = Blueprint("reverse_bridge", __name__)

GROUP_NAMES = {("C", "D"): N_("clubs or diamonds"), ("H", "S"): N_("hearts or spades"), ("NT",): N_("no trump")}


def table_groups() -> list[dict[str, Any]]:
    """The 39 columns of ``scoring_table()`` split by denomination group, rows kept whole; the
    group names in the current language."""
    table = scoring_table()
    groups: list[dict[str, Any]] = []
    index: dict[tuple[str, ...], dict[str, Any]] = {}
    for position, column in enumerate(table["columns"]):
        key = tuple(column["denominations"])
        if key not in index:
            index[key] = {
                "denominations": list(key),
                "symbols": table_group_symbols(key[0]),
                "name": gettext(GROUP_NAMES[key]),
                "levels": [], "positions": [],
            }
            groups.append(index[key])
        index[key]["levels"].append(column["level"])
        index[key]["positions"].append(position)
    for group in groups:
        group["rows"] = [{"tricks": row["tricks"], "cells": [row["cells"][p] for p in group["positions"]]}
                         for row in table["rows"]]
    return groups


@bp.get("/rules/reverse-bridge/scoring-table")
def scoring_table_page():
    return render_template("games/reverse-bridge/scoring_table.html", groups=table_groups())


@bp.get("/rules/reverse-bridge/scoring-table.pdf")
def scoring_table_pdf():
    from referee import pdf  # ReportLab, loaded by the first PDF (see referee/web/pdf.py)
    from referee.games.reverse_bridge.sheet import scoring_table_pdf as build

    page = request.args.get("size", "a4").lower()
    if page not in pdf.PAGE_SIZES:
        abort(400)
    response = make_response(build(table_groups(), page))
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = f'attachment; filename="reverse-bridge-scoring-table-{page}.pdf"'
    return response
