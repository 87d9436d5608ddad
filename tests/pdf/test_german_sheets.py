"""Every game's score sheet in German, for a long match of each (the golden logs, played and
results only): German throughout, and no word cut in two by a narrow column."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.platypus import Paragraph, Table

from referee import games as registry
from tests.pdf.rendering import laid_out

GOLDEN = Path(__file__).parents[1] / "golden"
DE = {"Accept-Language": "de"}
# Words of the English sheets that a German sheet must not keep (whole words, case as printed).
ENGLISH = ("every card entered", "results only", "House rules", "Players", "Rules", "Printed", "Findings",
           "Disputes", "corrections", "Result", "Running totals", "Total", "Game", "Deal", "hands won",
           "cards left", "wins", "won", "the", "and", "after", "entry", "points", "None", "version")
SHEETS = {"shoot-pontoon": "pontoon"}  # a variant prints on its game's sheet


def imported(client, game: str, mode: str) -> str:
    golden = json.loads((GOLDEN / f"{game}.json").read_text(encoding="utf-8"))
    match = next(m for m in golden["matches"] if m["mode"] == mode)
    export = {"format": "referee-match", "version": 1, "game": golden["engine"], "title": "Dienstagsrunde",
              "mode": mode, "players": match["players"], "settings": match["settings"],
              "rules_version": golden["rules_version"],
              "log": [{"seq": n, "action": in_german(action)} for n, action in enumerate(match["log"], 1)]}
    response = client.post("/api/matches/import", json=export)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def in_german(action: dict) -> dict:
    """The golden logs' disputes and rulings are written by the table, in English: a German
    table writes its own words, which the sheet prints as they are."""
    words = {"note": "Einspruch zu diesem Eintrag", "reason": "so entschieden"}
    return {key: words.get(key, value) if isinstance(value, str) else value for key, value in action.items()}


def games() -> list[str]:
    return sorted(path.stem for path in GOLDEN.glob("*.json"))


@pytest.mark.parametrize("game", games())
@pytest.mark.parametrize("mode", ["play", "quick"])
def test_the_german_sheet_is_german_throughout(client, game, mode):
    match_id = imported(client, game, mode)
    response = client.get(f"/api/matches/{match_id}/scoresheet.pdf", headers=DE)
    assert response.status_code == 200
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages).split())
    assert "Dienstagsrunde" in text and ("jede Karte eingetragen" in text or "nur Ergebnisse" in text)
    left = sorted(word for word in ENGLISH if re.search(rf"(?<![\w–]){re.escape(word)}(?![\w–])", text))
    assert left == [], (game, mode, left)


@pytest.mark.parametrize("game", games())
def test_the_german_sheet_cuts_no_word(client, game):
    """Every wrapped paragraph of the sheet's sections breaks between words only."""
    from referee import pdf
    from referee.i18n import _game, language, set_game

    views = [client.get(f"/api/matches/{imported(client, game, mode)}?history=all", headers=DE).get_json()
             for mode in ("play", "quick")]
    sections = registry.registration(SHEETS.get(game, game)).part("sheet").sections
    token = set_game(views[0]["game"])
    try:
        with language("de"):
            kit = pdf.page_kit("a4")
            story = [flowable for view in views for flowable in sections(view, kit)]
            pdf.document(story, "a4")
    finally:
        _game.reset(token)
    cut = []
    for flowable in story:
        cells = [cell for row in flowable._cellvalues for cell in row] if isinstance(flowable, Table) else [flowable]
        for cell in (part for item in cells for part in (item if isinstance(item, (list, tuple)) else [item])):
            if isinstance(cell, Paragraph) and hasattr(cell, "blPara"):
                lines, words = laid_out(cell)
                cut += [(cell.text, line) for line in lines if any(word not in words for word in line)]
    assert cut == [], (game, cut[:5])


def test_a_correction_reads_in_the_games_own_words_in_each_language(client):
    """The corrections table says what the corrected entry now reads as the timeline says it,
    in the sheet's language, not the entry's API fields ("miss — needed 2")."""
    match_id = imported(client, "pontis", "play")
    for headers, words in ((DE, "140 135 Ann passte (brauchte 2)"), ({}, "140 135 Ann missed (needed 2)")):
        response = client.get(f"/api/matches/{match_id}/scoresheet.pdf", headers=headers)
        text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages).split())
        assert words in text
