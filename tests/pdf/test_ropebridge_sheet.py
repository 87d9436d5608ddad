"""The Ropebridge score sheet read back as text, on A4 and Letter, and rendered as a picture:
each game's row, who matched what on which turn, turns taken, the winner or the tie and why,
house rules, the match tally and the findings."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.pdf.rendering import laid_out, page_one_png
from tests.web.test_api_ropebridge import DUG_OUT, GAME, PLAYERS, SETTINGS, play

PLAYED = [(action, status) for action, status in GAME if status == 200]


def sheet_text(client, match, size=None) -> tuple[PdfReader, str]:
    url = f"/api/matches/{match['id']}/scoresheet.pdf" + (f"?size={size}" if size else "")
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return reader, text


def flat(text: str) -> str:
    return " ".join(text.split())


def three_games(api):
    """Game 1: Ann wins GAME. Game 2 (Ben deals): an unbeatable row, a tie. Game 3 (Ann deals):
    Ben draws, then the players declare a stalemate. Game 4 is in play."""
    match = api.create(game="ropebridge", players=list(PLAYERS), title="Bridge club",
                       settings={**SETTINGS, "exposed": 4, "target_wins": 3})
    game = [({"type": "deal", "row": ["8h", "5c", "Qd", "2s"], "discard": "3s"}, 200)] + [
        step for step in PLAYED[1:] if step[0]["type"] != "reveal"]
    # With 4 face up the first reveals come later: enter them where the engine asks.
    reveals = iter(["6c", "9d", "4d"])
    for action, _ in game:
        state = api.state(match)
        while state["phase"] == "reveal":
            state = api.act(match, {"type": "reveal", "card": next(reveals)})["state"]
        api.act(match, action)
    play(api, match, [
        ({"type": "deal", "row": ["Kc", "Kd", "Kh", "Ks"], "discard": "2d"}, 200),   # four kings: unbeatable
        ({"type": "deal", "row": ["Ah", "7c", "9h", "10s"], "discard": "4h"}, 200),
        ({"type": "draw", "from": "stock"}, 200),                                    # Ben
        ({"type": "stalemate"}, 200),
        ({"type": "deal", "row": ["3c", "3d", "6s", "JK"], "discard": "Qh"}, 200),
        ({"type": "match", "cards": ["3h"]}, 200),                                   # Ann, in play
    ])
    return match, api.state(match)


def test_the_sheet_shows_each_game_row_matches_and_outcome(api, client):
    match, state = three_games(api)
    assert [g["winner"] or g["tie"] for g in state["history"]] == ["Ann", "unbeatable", "stalemate"]
    reader, text = sheet_text(client, match)
    assert "Bridge club" in text and "Ropebridge" in text and "Ann" in text and "Ben" in text
    # House rules (printed by the frame) with this match's values.
    assert "Row length" in text and "Face-up cards" in text and "Wins to take the match" in text
    assert "One step at a time" in text
    # Game 1: the row, each match with its cards and turn, turns taken, the winner and why.
    assert "Game 1 · dealt by Ann" in text
    assert "Row: 8♥ 5♣ Q♦ 2♠ 6♣ 9♦ 4♦" in text
    assert "1. 8♥" in text and "7. 4♦" in text
    assert "5♠ + 3♥ (turn 2)" in text and "8♣ (turn 3)" in text and "Joker (turn 5)" in text
    assert "4♣ (turn 8)" in text
    assert "Winner: Ann (Ann matched the last row card). Turns: Ann 4 turns, Ben 4 turns." in flat(text)
    assert "Row cards matched: Ann 7 of 7, Ben 4 of 7." in flat(text)
    # Game 2: an unbeatable row, why, and the rule.
    assert "Game 2 · dealt by Ben" in text
    assert "Row: K♣ K♦ K♥ K♠" in text and "1. K♣" not in text              # nothing matched: no table
    assert "Tie — unbeatable row: 4 kings in the row" in flat(text)
    assert "only 2 jokers are left outside the row and the matched piles (ROPE-TIE-1)" in flat(text)
    # Game 3: the declared stalemate.
    assert "Game 3 · dealt by Ann" in text
    assert "Tie — Ann and Ben declared a stalemate (ROPE-TIE-2)" in flat(text)
    # The game in play and the tally.
    assert "Game 4 in play" in text and "Row so far: 3♣ 3♦ 6♠ Joker, 3 face down" in text
    assert "Ann on row card 2, 6 cards in hand; Ben on row card 1, 7 cards in hand" in flat(text)
    tally = text.split("Match tally", 1)[1]
    assert "Ann\n1" in tally or "Ann 1" in tally
    assert "Ben\n0" in tally or "Ben 0" in tally
    assert "Tied games\n2" in tally or "Tied games 2" in tally
    assert "Games played\n3" in tally or "Games played 3" in tally
    assert "The first player to 3 wins takes the match." in text
    # The frame's result and findings.
    assert "Ann leads with 1 win." in text
    findings = text.split("Findings", 1)[1]
    assert "ROPE-TIE-1" in findings and "ROPE-TIE-2" in findings
    width, height = reader.pages[0].mediabox.width, reader.pages[0].mediabox.height
    assert (round(width), round(height)) == (595, 842)


def test_ROPE_SETUP_2_row_cards_matched_count_out_of_the_row_length(api, client):
    # Six of the ten row cards were face up when the players declared the stalemate.
    match = api.create(game="ropebridge", players=["Dee", "Non"])
    for action in DUG_OUT + [{"type": "stalemate"}]:
        api.act(match, action)
    _, text = sheet_text(client, match)
    assert "Row: 5♦ 6♦ K♠ K♣ Joker 9♥" in text
    assert "Row cards matched: Dee 2 of 10, Non 2 of 10." in flat(text)


def test_letter_size(api, client):
    match = api.create(game="ropebridge", players=list(PLAYERS), settings=dict(SETTINGS))
    play(api, match, GAME)
    reader, text = sheet_text(client, match, "letter")
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (612, 792)
    assert "Winner: Ann" in text and "♥" in text and "Findings" in text and "None: the log proves no breach." in text


def test_a_new_match_and_quick_mode(api, client):
    match = api.create(game="ropebridge", players=list(PLAYERS))
    _, text = sheet_text(client, match)
    assert "No game finished yet." in text
    assert "Games played\n0" in text or "Games played 0" in text
    quick = api.create(game="ropebridge", players=list(PLAYERS), mode="quick")
    play(api, quick, [({"type": "quick", "winner": "Ben"}, 200), ({"type": "quick", "tie": "stalemate"}, 200)])
    _, text = sheet_text(client, quick)
    assert "results only" in text and "Results entered without the cards (quick mode)" in text
    assert "Winner: Ben." in text and "Tie (stalemate)." in text


def test_page_one_renders_to_a_picture(api, client, tmp_path):
    match, _ = three_games(api)
    for size in ("a4", "letter"):
        response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf?size={size}")
        page = page_one_png(response.data, tmp_path, size)
        assert page.stat().st_size > 10_000  # a page with tables on it, not a blank sheet


# --- the German sheet: all German, no word broken ---------------------------------------------

DE = {"Accept-Language": "de"}
# English words a Ropebridge sheet prints, which must not be left in a German one (whole words).
ENGLISH = ("every card entered", "results only", "Players", "House rules", "House rule", "Setting", "Row",
           "Game", "dealt", "by", "matched", "with", "turn", "turns", "Winner", "Tie", "Turns", "unbeatable",
           "stalemate", "declared", "king", "kings", "joker", "jokers", "need", "left", "in play", "face down",
           "Stock", "discard", "Match tally", "Wins", "Tied games", "Games played", "leads", "Findings",
           "Entry", "Rule", "stuck", "for good", "the", "and", "or", "on", "off", "Standard", "Harder",
           "Simpler", "of", "card", "cards", "hand", "Result", "None", "Printed")


def stuck_match(api):
    """No jokers, harder pairs, a target of one win: both players stuck for good on K♣ with
    seven cards each, the kings buried in the discard pile. Game 2 (Non deals) is in play."""
    match = api.create(game="ropebridge", players=["Dee", "Non"], title="Brückenabend",
                       settings={"jokers": False, "combo": "harder", "target_wins": 1})
    for action in ({"type": "deal", "row": ["Kc", "5c", "6c", "7c"], "discard": "Kd"},
                   {"type": "draw", "from": "stock"}, {"type": "discard", "card": "Kh"},
                   {"type": "draw", "from": "stock"}, {"type": "discard", "card": "Ks"},
                   {"type": "draw", "from": "stock"}, {"type": "discard", "card": "2h"},
                   {"type": "deal", "row": ["9h", "8d", "4s", "Qs"], "discard": "Jh"},
                   {"type": "match", "cards": ["9c"]}):
        api.act(match, action)
    return match


def whole_words_left(text: str) -> list[str]:
    flat = " ".join(text.split())
    return sorted(word for word in ENGLISH if re.search(rf"(?<![\w–]){re.escape(word)}(?![\w–])", flat))


def test_the_german_sheet_is_german_throughout(api, client, tmp_path):
    match, _ = three_games(api)
    for url in (f"/api/matches/{match['id']}/scoresheet.pdf",
                f"/api/matches/{stuck_match(api)['id']}/scoresheet.pdf?size=letter"):
        response = client.get(url, headers=DE)
        text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
        assert whole_words_left(text) == [], url
        assert page_one_png(response.data, tmp_path, "german").stat().st_size > 10_000
    flat_text = flat(text)
    for german in ("jede Karte eingetragen", "Bedienen mit zwei Karten",
                   "Schwerer: gleichfarbig addiert, rot-schwarz subtrahiert",
                   "Unentschieden — Patt: Beide Spieler kommen endgültig nicht weiter (ROPE-TIE-2)",
                   "Bediente Karten der Reihe: Dee 0 von 10, Non 0 von 10",
                   "Dee kommt an K♣ endgültig nicht vorbei: alle vier Könige liegen in der Reihe oder unten im "
                   "Ablagestapel, und keiner der beiden kann eine gezogene Karte behalten",
                   "Spiel 2 läuft", "Noch hat niemand ein Spiel gewonnen."):
        assert german in flat_text, german
    # and the same sheet still reads in English for an English reader
    english = client.get(url).data
    assert "Row cards matched: Dee 0 of 10, Non 0 of 10." in flat(
        "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(english)).pages))


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_the_german_sheet_breaks_no_word(api, client, page):
    """Every wrapped cell and paragraph of the German sheet breaks between words only: the
    words of each line are words of its text (reportlab would cut a word that does not fit)."""
    from reportlab.platypus import KeepTogether, Paragraph, Table

    from referee import pdf
    from referee.games.ropebridge import sheet as sheet_sections
    from referee.i18n import _game, language, set_game

    match, _ = three_games(api)
    views = [client.get(f"/api/matches/{m['id']}", headers=DE).get_json() for m in (match, stuck_match(api))]
    token = set_game("ropebridge")
    try:
        with language("de"):
            kit = pdf.page_kit(page)
            story = []
            for view in views:
                story.append(kit.table(["Hausregel", "Einstellung"], pdf._house_rules(view), [0.5, 0.5]))
                story += sheet_sections.sections(view, kit)
                story.append(kit.para(sheet_sections.result_line(view)))
            pdf.document(story, page)
    finally:
        _game.reset(token)

    def flowables(items):
        for item in items:
            if isinstance(item, KeepTogether):
                yield from flowables(item._content)
            elif isinstance(item, Table):
                for row in item._cellvalues:
                    for cell in row:
                        yield from flowables(cell if isinstance(cell, (list, tuple)) else [cell])
            else:
                yield item

    wrapped = 0
    for paragraph in (f for f in flowables(story) if isinstance(f, Paragraph)):
        lines, words = laid_out(paragraph)
        assert all(word in words for line in lines for word in line), (paragraph.text, lines)
        wrapped += len(lines) > 1
    assert wrapped >= 5                                  # the check saw wrapped text
