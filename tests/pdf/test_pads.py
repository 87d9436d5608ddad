"""Blank score pads: every game on A4 and Letter, read back as text, measured, served by the
route, and rendered to a picture (page 1, in test-results/) for a person to look at."""
from __future__ import annotations

import contextvars
import functools
import io
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm

from referee import games, i18n
from referee.pdf import MARGIN, PAGE_SIZES, Kit, pads, register_fonts
from tests.pdf.rendering import page_one_png

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
SIZES = {"a4": (595, 842), "letter": (612, 792)}

# The column and row headings a person fills in, per game, written out here on purpose (not
# read from pads.py) so a heading that goes missing from the pad fails the test.
HEADINGS = {
    "pontis": ["Game", "Score", "Player 1", "Player 6", "Bank cards", "Suit points", "Bonus / penalty",
               "Game total", "Running total", "foundation", "out · curdle · stuck"],
    "curdle": ["Hand", "Dealer", "Player 1", "Player 5", "Won ✓ / cards left", "Total"],
    "ropebridge": ["Game", "Dealer", "Winner or tie", "How it ended", "Turns", "Tally A", "Tally B", "Ties",
                   "last card · unbeatable row · stalemate", "Player A", "Player B"],
    "pontoon": ["Deal", "Banker", "Player 1", "Player 5", "Stake", "Shoot", "±", "Bal.", "Kitty",
                "Buy-in", "First banker", "First kitty"],
    "reverse-bridge": ["Hand", "Dealer", "Contract", "Bidding team", "Opponents' tricks", "NS score",
                       "EW score", "NS total", "EW total", "North", "East", "South", "West", "N · E · S · W"],
}
PAGES = {"pontis": 2, "curdle": 2, "ropebridge": 1, "pontoon": 2, "reverse-bridge": 1}
CASES = [(game, size) for game in HEADINGS for size in SIZES]


@functools.cache
def read(body: bytes) -> tuple[PdfReader, str]:
    """A pad's pages and text, read once per pad: several tests read the same pad (pads.pad
    keeps each it built), and reading a pad's text back costs more than building it."""
    reader = PdfReader(io.BytesIO(body))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return reader, " ".join(text.split())  # wrapped labels read as one line


def test_every_game_has_a_pad():
    assert set(HEADINGS) == set(games.PRODUCT) == {name for name in games.PRODUCT
                                                  if games.registration(name).has("pad")}


@pytest.mark.parametrize("game,size", CASES)
def test_pad_text_has_title_house_rules_and_headings(game, size):
    reader, text = read(pads.pad(game, size))
    title = games.get(game).title
    assert f"{title} score pad" in text
    for word in ("Date", "Place", "House rules"):
        assert word in text
    for info in games.get(game).settings_type.rules():
        assert info.label in text, info.label
        for choice in info.choices or ():
            assert info.word(choice) in text, (info.label, choice)  # in words, never the value
        if info.kind is int and info.choices is None:
            # The blank line's default, in words where its value has some ("default none").
            assert f"default {info.word(info.default)}" in text, info.label
    assert text.count("☐") >= sum(len(i.choices) if i.choices else i.kind is bool
                                  for i in games.get(game).settings_type.rules())
    for heading in HEADINGS[game]:
        assert heading in text, heading
    assert reader.metadata.title == f"{title} — blank score pad"


@pytest.mark.parametrize("game,size", CASES)
def test_page_size_and_the_grid_fills_its_pages_exactly(game, size):
    reader, text = read(pads.pad(game, size))
    assert len(reader.pages) == PAGES[game]
    for page in reader.pages:
        assert (round(page.mediabox.width), round(page.mediabox.height)) == SIZES[size]
    assert f"page {PAGES[game]}" in text


@pytest.mark.parametrize("game,size", CASES)
def test_grid_rows_are_tall_enough_and_the_grid_fits_the_width(game, size):
    register_fonts()
    kit = Kit(width=PAGE_SIZES[size][0] - 2 * MARGIN)
    plan = pads.plan_of(game, kit, "T")
    table = plan.grid(2)
    table.wrap(kit.width, 1000)
    assert sum(table._colWidths) <= kit.width + 0.01
    assert min(table._rowHeights[-2:]) >= 7 * mm
    assert plan.unit >= 7 * mm


def test_an_evening_fits_on_the_pads():
    register_fonts()
    for size, (width, height) in PAGE_SIZES.items():
        kit = Kit(width=width - 2 * MARGIN)
        units = {game: pads._units(pads.plan_of(game, kit, "T"), kit.width, height - 2 * MARGIN)
                 for game in games.PRODUCT}
        assert units["pontis"] >= 8, size         # games of up to six players
        assert units["curdle"] >= 40, size        # hands
        assert units["ropebridge"] >= 15, size    # games
        assert units["pontoon"] >= 36, size       # deals
        assert units["reverse-bridge"] >= 16 and units["reverse-bridge"] % 4 == 0, size


def test_reverse_bridge_reminder_states_the_rule_and_a_checked_example():
    _, text = read(pads.pad("reverse-bridge"))
    assert "How a hand scores." in text
    assert "L × 2 with ♣ or ♦ trumps, L × 3 with ♥ or ♠, L × 3 + 1 at no trump" in text
    assert "Opponents: 5 for every trick T is away from L" in text
    # 4♥ with six tricks to the opponents: 4 × 3 = 12 to the bidders, 5 × (6 − 4) = 10 against.
    assert "4♥ bid, opponents take 6 tricks: bidders 12, opponents 10" in text


def test_pad_refuses_unknown_games_and_sizes():
    with pytest.raises(pads.UnknownGame):
        pads.pad("snap")
    with pytest.raises(ValueError):
        pads.pad("pontis", "a3")


@pytest.mark.parametrize("game", list(HEADINGS))
def test_route_serves_each_pad_in_both_sizes(client, game):
    for query, size in (("", "a4"), ("?size=letter", "letter"), ("?size=LETTER", "letter")):
        response = client.get(f"/pads/{game}.pdf{query}")
        assert response.status_code == 200
        assert response.mimetype == "application/pdf"
        assert f'filename="{game}-score-pad-{size}.pdf"' in response.headers["Content-Disposition"]
        page = PdfReader(io.BytesIO(response.data)).pages[0]
        assert (round(page.mediabox.width), round(page.mediabox.height)) == SIZES[size]


def test_route_404_for_an_unknown_game_and_400_for_a_bad_size(client):
    assert client.get("/pads/snap.pdf").status_code == 404
    assert client.get("/pads/pontis.pdf?size=a3").status_code == 400
    assert client.get("/pads/pontis.pdf?size=").status_code == 400


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game,size", CASES)
def test_page_one_renders_to_a_picture(game, size, language, tmp_path):
    # Rendered in tmp_path, then copied to test-results/ to look at: other suites (the browser
    # tests) may empty test-results/ while this runs.
    name = f"pad-{game}-{size}" + ("" if language == "en" else f"-{language}")
    with i18n.language(language):
        picture = page_one_png(pads.pad(game, size), tmp_path, name, dpi=70)
    assert picture.stat().st_size > 20_000  # a ruled page, not a blank sheet
    RESULTS.mkdir(exist_ok=True)
    shutil.copy(picture, RESULTS / picture.name)


# --- German pads ---------------------------------------------------------------------------
GERMAN = {"Accept-Language": "de"}
# The German headings, written out (as above) so a heading that stays English fails the test.
GERMAN_HEADINGS = {
    "pontis": ["Spiel", "Punkte", "Spieler 1", "Spieler 6", "Bankkarten", "Farbpunkte", "Bonus / Strafe",
               "Summe des Spiels", "Gesamtstand", "Fundament", "aus · Curdle · fest"],
    "curdle": ["Runde", "Geber", "Spieler 1", "Spieler 5", "Gewonnen ✓ / Restkarten", "Summe"],
    "ropebridge": ["Spiel", "Geber", "Sieger oder unentschieden", "Wie es endete", "Züge", "Stand A",
                   "Stand B", "Unentsch.", "letzte Karte · unschlagbare Reihe · Patt", "Spieler A", "Spieler B"],
    "pontoon": ["Runde", "Bank", "Spieler 1", "Spieler 5", "Einsatz", "Shoot", "±", "Stand", "Kitty",
                "Startkapital", "Erster Bankhalter", "Erste Kitty"],
    "reverse-bridge": ["Runde", "Geber", "Kontrakt", "Bietende Partei", "Stiche der Gegner", "NS Punkte",
                       "OW Punkte", "NS Summe", "OW Summe", "Nord", "Ost", "Süd", "West", "N · O · S · W"],
}
# English headings that must be gone from the German pad (words German shares, like Kitty, left out).
ENGLISH_ONLY = {
    "pontis": ["Bank cards", "Suit points", "Running total", "Game total", "Player 1", "foundation"],
    "curdle": ["Dealer", "Player 1", "Won ✓ / cards left", "Total"],
    "ropebridge": ["Winner or tie", "How it ended", "Turns", "Tally A", "Ties", "Player A", "stalemate"],
    "pontoon": ["Deal", "Banker", "Player 1", "Stake", "Bal.", "Buy-in", "First banker", "First kitty"],
    "reverse-bridge": ["Dealer", "Contract", "Bidding team", "Opponents' tricks", "NS score", "EW total",
                       "North", "East"],
}
# A few German house-rule labels written out; all of them are checked through the catalogs too.
GERMAN_RULES = {"pontis": "Lügnerpunkte", "curdle": "Strafpunkt-Grenze", "ropebridge": "Ass zählt 1 oder 11",
                "pontoon": "Verdoppeln durch die Bank", "reverse-bridge": "Kein Stichzwang"}


def in_german(game: str, text: str) -> str:
    """A word as the German pad of ``game`` shows it (the game's own catalog first)."""
    def look_up() -> str:
        i18n.set_language("de")
        i18n.set_game(game)
        return i18n.gettext(text)
    return contextvars.copy_context().run(look_up)


@pytest.mark.parametrize("game,size", CASES)
def test_german_pad_has_german_title_headings_and_house_rules(client, game, size):
    response = client.get(f"/pads/{game}.pdf?size={size}", headers=GERMAN)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader, text = read(response.data)
    title = games.get(game).title
    assert f"{title} – Punkteblock" in text
    assert reader.metadata.title == f"{title} — leerer Punkteblock"
    for word in ("Datum", "Ort", "Partie", "Hausregeln", "Standard", f"Seite {PAGES[game]}"):
        assert word in text, word
    for heading in GERMAN_HEADINGS[game]:
        assert heading in text, heading
    for heading in ENGLISH_ONLY[game] + ["score pad", "House rules", "Date", "Place", "default", "page 1"]:
        assert heading not in text, heading
    rules = games.get(game).settings_type.rules()
    assert GERMAN_RULES[game] in text
    for info in rules:
        assert in_german(game, info.label) in text, info.label
        for choice in info.choices or ():
            assert in_german(game, info.words.get(choice, str(choice))) in text, (info.label, choice)
    assert sum(in_german(game, info.label) != info.label for info in rules) >= len(rules) - 1


def test_german_pad_reminder_of_reverse_bridge_scoring(client):
    _, text = read(client.get("/pads/reverse-bridge.pdf", headers=GERMAN).data)
    assert "So wird eine Runde gewertet." in text
    assert "L × 2 bei Trumpf ♣ oder ♦, L × 3 bei ♥ oder ♠, L × 3 + 1 bei Sans Atout" in text
    assert "Bietende 12, Gegner 10" in text
    assert "How a hand scores." not in text


def test_german_pad_writes_no_trump_as_the_german_sheet_and_rules_do(api, client):
    # German rules, bid box and score sheet write no trump SA (Sans Atout); the pad wrote NT.
    _, text = read(client.get("/pads/reverse-bridge.pdf", headers=GERMAN).data)
    assert "Kontrakt: Stufe und Trumpf (♣ ♦ ♥ ♠ oder SA = Sans Atout)." in text
    assert not re.search(r"\bNT\b", text) and "ohne Trumpf" not in text
    _, english = read(client.get("/pads/reverse-bridge.pdf").data)
    assert "Contract: level and trumps (♣ ♦ ♥ ♠ or NT)." in english and "SA" not in english
    match = api.create(game="reverse-bridge", players=("Ann", "Ben", "Cat", "Dan"), mode="quick")
    api.act(match, {"type": "quick", "bidder": "Dan", "level": 1, "denomination": "NT", "tricks": 1})
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=GERMAN).data
    sheet_text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet)).pages)
    assert "1SA von Dan" in sheet_text and not re.search(r"\dNT\b", sheet_text)


@pytest.mark.parametrize("game", list(HEADINGS))
def test_english_pad_still_reads_english_after_a_german_one_was_built(client, game):
    # The pads are cached: German and English must each have their own entry.
    german = client.get(f"/pads/{game}.pdf", headers=GERMAN).data
    english = client.get(f"/pads/{game}.pdf", headers={"Accept-Language": "en"}).data
    plain = client.get(f"/pads/{game}.pdf").data
    assert german != english and english == plain
    _, text = read(english)
    assert f"{games.get(game).title} score pad" in text and "Punkteblock" not in text
    for heading in HEADINGS[game]:
        assert heading in text, heading
    with i18n.language("de"):
        assert pads.pad(game) == german
    assert pads.pad(game) == english  # outside a request: English


def test_pad_is_built_with_its_own_games_words_whatever_game_is_on_screen(monkeypatch):
    seen = []
    module = games.registration("reverse-bridge").part("pad")
    build = module.plan

    def watched(kit, title):
        seen.append((i18n._game.get(), i18n.current()))
        return build(kit, title)

    def with_pontoon_on_screen() -> tuple[str, str | None]:
        i18n.set_game("pontoon")
        with i18n.language("de"):
            text = read(pads.pad("reverse-bridge", "letter"))[1]
        return text, i18n._game.get()

    monkeypatch.setattr(module, "plan", watched)
    pads._build.cache_clear()
    text, after = contextvars.copy_context().run(with_pontoon_on_screen)
    pads._build.cache_clear()
    assert seen and set(seen) == {("reverse-bridge", "de")}
    assert after == "pontoon"  # the caller's game is left as it was
    assert "Stiche der Gegner" in text and " Runde Geber Kontrakt " in text


# --- Links to the pads ---------------------------------------------------------------------
PAD_LINK = re.compile(r'href="(/pads/([\w-]+)\.pdf(\?size=letter)?)"')


def test_rules_index_links_every_games_pad_in_both_sizes_and_the_links_answer(client):
    page = client.get("/rules").get_data(as_text=True)
    links = PAD_LINK.findall(page)
    for game in games.PRODUCT:
        assert (f"/pads/{game}.pdf", game, "") in links, game
        assert (f"/pads/{game}.pdf?size=letter", game, "?size=letter") in links, game
    assert page.count("Blank score pad") == len(games.PRODUCT)
    for href, _game, letter in links:
        response = client.get(href)
        assert response.status_code == 200, href
        assert response.mimetype == "application/pdf" and response.data.startswith(b"%PDF")
        size = PdfReader(io.BytesIO(response.data)).pages[0].mediabox
        assert (round(size.width), round(size.height)) == SIZES["letter" if letter else "a4"]


@pytest.mark.parametrize("game", list(HEADINGS))
def test_each_rules_page_links_its_pad_near_the_top(client, game):
    page = client.get(f"/rules/{game}").get_data(as_text=True)
    found = [link[0] for link in PAD_LINK.findall(page)]
    assert found == [f"/pads/{game}.pdf", f"/pads/{game}.pdf?size=letter"]
    assert page.index("Blank score pad") < page.index("<section")
    german = client.get(f"/rules/{game}", headers=GERMAN).get_data(as_text=True)
    assert "Leerer Punkteblock" in german and "Blank score pad" not in german
    assert client.get("/rules", headers=GERMAN).get_data(as_text=True).count("Leerer Punkteblock") == len(games.PRODUCT)


@pytest.mark.parametrize("size", SIZES)
def test_the_pontoon_pad_names_as_many_players_as_it_has_columns(size):
    _reader, text = read(pads.pad("pontoon", size))
    assert "Player 5" in text and "Player 6" not in text
    assert re.search(r"\b5\. ", text) and not re.search(r"\b6\. ", text), text[:600]


def test_hearts_and_diamonds_are_red_on_a_pad(tmp_path):
    # Reverse Bridge's pad names the suits in its notes ("♣ ♦ ♥ ♠ or NT"), as the sheet does.
    image = Image.open(page_one_png(pads.pad("reverse-bridge", "a4"), tmp_path, dpi=100)).convert("RGB")
    red = sum(count for count, (r, g, b) in image.getcolors(1 << 24) if r > 150 and g < 90 and b < 90)
    assert red > 20, red
