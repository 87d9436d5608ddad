"""The Curdle score sheet read back as text (pypdf), on A4 and Letter, and page 1 rendered as a
picture: players, each hand's winner and cards left, running totals, curdles, the hand in
progress, house rules, the standing in the right order, findings."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.pdf.rendering import page_one_png
from tests.web.test_api_curdle import HAND


def sheet_text(client, match, size=None) -> tuple[PdfReader, str]:
    url = f"/api/matches/{match['id']}/scoresheet.pdf" + (f"?size={size}" if size else "")
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def played_hand(api, **create):
    match = api.create(game="curdle", players=("Ann", "Ben"), title="Curdle at the club", **create)
    for action, *_ in HAND:
        api.act(match, action)
    return match


def test_a_played_hand_prints_winner_cards_left_curdles_and_the_hand_in_progress(api, client):
    match = played_hand(api, settings={"hands": 3})
    api.act(match, {"type": "deal", "card": "5s"})      # hand 2: Ben deals, Ann opens
    api.act(match, {"type": "open", "card": "9c"})
    reader, text = sheet_text(client, match)
    words = flat(text)
    assert "Curdle at the club" in words and "Players: Ann, Ben" in words
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (595, 842)
    # House rules, as the frame prints them, and how they score.
    assert "Scoring hands won" in words and "hands_won" not in words
    assert "Hands to win 3" in words and "Penalty target 100" in words
    assert "The first to win 3 hands wins the match" in words
    # Hand 1: dealt by Ann, won by Ann; Ben kept 8 cards; the three curdles with who made them.
    assert "Hand Dealer Winner Ann Ben Curdles" in words
    # Each cell counts hands won in words, the plural from the catalog: "1 hand won", "0 hands won".
    assert "1 Ann Ann went out; 1 hand won 8 left; 0 hands won" in words
    assert "1 hands won" not in words
    assert "kingfisher: Ben (entry 4)" in words
    assert "natural curdle: Ann (entry 12)" in words
    assert "blind curdle: Ann (entry 15)" in words
    # Hand 2 is still being played.
    assert "Hand 2 in progress" in words
    assert "Dealt by Ben; Ann to enter next. Cards in hand: Ann 9, Ben 10; stock 33 cards" in words
    assert "bank A 5♠ (1 card), bank B 9♣ (1 card)" in words
    # The standing table, then who leads said once, as the result, in the singular.
    assert "Standing" in words and "Ann 1 0 Ben 0 8" in words
    assert "Result Ann leads with 1 hand won." in words
    assert words.count("leads with") == 1
    assert "Findings None" in words
    assert "Ann leads with 1 hands won" not in words


def test_two_leaders_share_the_lead_in_words_and_german_has_no_identifier(api, client):
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy"), mode="quick")
    api.act(match, {"type": "quick", "winner": "Ann"})
    api.act(match, {"type": "quick", "winner": "Ben"})
    words = flat(sheet_text(client, match)[1])
    # Said once, below the standing table, not again in other words or another order.
    assert "Result Ann and Ben lead with 1 hand won each." in words
    assert words.count("lead with") == 1 and "share the lead" not in words
    german = flat("\n".join(page.extract_text() for page in PdfReader(io.BytesIO(client.get(
        f"/api/matches/{match['id']}/scoresheet.pdf", headers={"Accept-Language": "de"}).data)).pages))
    assert "Wertung gewonnene Runden" in german and "hands_won" not in german
    assert "1 Runde gewonnen" in german
    assert "Ergebnis Ann und Ben führen mit je 1 gewonnenen Runde." in german
    assert german.count("führen") == 1 and "teilen sich" not in german


PENALTY = {"scoring": "cards_left", "target": 10}


# (house rules, hands as (winner, cards left of the others), the result in English and German)
RESULTS = [
    # Ben has won more hands than Ann at the same penalty: the standing and the result name him first.
    (PENALTY | {"target": 100}, [("Ann", {"Ben": 9, "Cy": 2}), ("Ben", {"Ann": 4, "Cy": 3}),
                                 ("Ben", {"Ann": 5, "Cy": 5})],
     "Ben and Ann lead with 9 penalty points each.", "Ben und Ann führen mit je 9 Strafpunkten."),
    (PENALTY | {"target": 100}, [("Ben", {"Ann": 1, "Cy": 3})],
     "Ben leads with 0 penalty points.", "Ben führt mit 0 Strafpunkten."),
    (PENALTY, [("Ann", {"Ben": 1, "Cy": 12})],
     "Ann wins the match with 0 penalty points.", "Ann gewinnt die Partie mit 0 Strafpunkten."),
    (PENALTY, [("Ann", {"Ben": 2, "Cy": 5}), ("Ben", {"Ann": 2, "Cy": 6})],
     "Ann and Ben share the win with 2 penalty points each.",
     "Ann und Ben teilen sich den Sieg mit je 2 Strafpunkten."),
    ({"hands": 2}, [("Cy", None), ("Cy", None)],
     "Cy wins the match with 2 hands won.", "Cy gewinnt die Partie mit 2 gewonnenen Runden."),
    ({"hands": 1}, [("Cy", None)],
     "Cy wins the match with 1 hand won.", "Cy gewinnt die Partie mit 1 gewonnenen Runde."),
]


@pytest.mark.parametrize("settings, hands, english, german", RESULTS)
def test_the_result_is_said_once_with_its_unit_in_the_standings_order(api, client, settings, hands, english, german):
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy"), mode="quick", settings=settings)
    for winner, left in hands:
        api.act(match, {"type": "quick", "winner": winner, **({"cards_left": left} if left else {})})
    words = flat(sheet_text(client, match)[1])
    standing = words.split("Standing", 1)[1]
    # Nothing between the standing table and the result: the one sentence is the result line.
    assert re.search(r"Standing Player Hands won (Penalty points|Cards left, all hands)( \w+ \d+ \d+){3} "
                     r"Result ", words), standing
    assert f"Result {english}" in words
    for verb in ("lead", "wins", "share", "won with"):
        assert standing.count(verb) == english.count(verb), verb
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers={"Accept-Language": "de"})
    deutsch = flat("\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages))
    assert f"Ergebnis {german}" in deutsch
    stand = deutsch.split("Stand Spieler", 1)[1]
    for verb in ("führ", "gewinnt", "teilen", "Gewonnen:"):
        assert stand.count(verb) == german.count(verb), verb


def test_cards_left_scoring_prints_penalties_lowest_first_and_a_letter_page(api, client):
    players = ["Ann", "Ben", "Cy", "Dee", "Evangeline Featherstonehaugh"]
    match = api.create(game="curdle", players=players, mode="quick",
                       settings={"scoring": "cards_left", "target": 30}, title="Penalty night")
    api.act(match, {"type": "quick", "winner": "Ben",
                    "cards_left": {"Ann": 4, "Cy": 7, "Dee": 1, "Evangeline Featherstonehaugh": 12}})
    api.act(match, {"type": "quick", "winner": "Dee",
                    "cards_left": {"Ann": 3, "Ben": 9, "Cy": 25, "Evangeline Featherstonehaugh": 2}})
    reader, text = sheet_text(client, match, "letter")
    words = flat(text)
    assert (round(reader.pages[0].mediabox.width), round(reader.pages[0].mediabox.height)) == (612, 792)
    for name in players:
        assert name.split()[0] in words
    assert "results only" in words and "Scoring cards left" in words
    assert "cards_left" not in words and "Penalty target 30" in words
    assert "lowest total wins" in words
    # Running penalty totals per hand: Ann 4 then 3 more.
    assert "4 left; +4, total 4" in words and "3 left; +3, total 7" in words
    assert "went out; +0, total 0" in words
    assert "25 left; +25, total 32" in words
    # Cy passed the target: the match is over and the fewest points win.
    assert "Standing" in words
    standing = words.split("Standing", 1)[1]
    assert standing.index("Dee") < standing.index("Ann") < standing.index("Ben") < standing.index("Cy")
    # Said once, with its unit: the old "Dee won with 1." named no unit.
    assert "Result Dee wins the match with 1 penalty point." in words
    assert words.count("Dee wins") == 1 and "won with" not in words


def test_findings_are_printed(api, client):
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy"))
    for action in ({"type": "deal", "card": "9h"}, {"type": "open", "card": "5c"},
                   {"type": "play", "card": "4s", "bank": "A"}, {"type": "end_run"},
                   {"type": "play", "card": "JK", "bank": "A"}, {"type": "end_run"},
                   {"type": "play", "card": "4d", "bank": "A"}, {"type": "end_run"},
                   {"type": "play", "card": "Ah", "bank": "A"}):
        api.act(match, action)
    _, text = sheet_text(client, match)
    words = flat(text)
    assert "Findings" in words and "CURDLE-TURN-2" in words
    assert "At entry 4 Ben ended the run saying they held no bridge" in words
    assert "No hand finished yet." in words


# Ben opens a kingfisher, covers the joker with four cards, and the blind curdle that follows
# uncovers it again (entry 9); then Ben goes out.
UNCOVERED = [
    {"type": "deal", "card": "Ah"}, {"type": "open", "card": "JK"},
    {"type": "play", "card": "Kd", "bank": "B"}, {"type": "play", "card": "Qs", "bank": "B"},
    {"type": "play", "card": "2s", "bank": "B"}, {"type": "play", "card": "Qh", "bank": "B"},
    {"type": "end_run"}, {"type": "draw"},
    {"type": "blind", "bank": "B", "to": ["Ben", "Ann", "Ben", "Ben"]},
    {"type": "play", "card": "Kc", "bank": "B"}, {"type": "play", "card": "Ac", "bank": "A"},
    {"type": "play", "card": "Qc", "bank": "A"}, {"type": "play", "card": "Jc", "bank": "A"},
    {"type": "play", "card": "2c", "bank": "A"},
]


def test_CURDLE_CURDLE_3_a_kingfisher_uncovered_by_a_blind_curdle_is_on_the_sheet(api, client):
    match = api.create(game="curdle", players=("Ann", "Ben"))
    for action in UNCOVERED:
        state = api.act(match, action)["state"]
    assert state["winner"] == "Ben"
    assert [(c["kind"], c["seq"]) for c in state["history"][0]["curdles"]] == [
        ("kingfisher", 2), ("blind", 8), ("kingfisher", 9)]
    words = flat(sheet_text(client, match)[1])
    assert "kingfisher: Ben (entry 2); blind curdle: Ben (entry 8); kingfisher: Ben (entry 9)" in words


def test_page_one_renders_to_a_picture(api, client, tmp_path):
    match = played_hand(api)
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    page = page_one_png(response.data, tmp_path, dpi=70)
    assert page.stat().st_size > 10_000  # a page with tables on it, not a blank sheet


def test_a_hand_of_many_curdles_with_long_names_prints_across_pages(client):
    # The golden match's second hand has many curdles: with a 40-character name, its row of the
    # hands table is taller than a page, and is split across pages instead of failing.
    golden = json.loads((Path(__file__).parents[1] / "golden" / "curdle.json").read_text(encoding="utf-8"))
    match = next(m for m in golden["matches"] if m["mode"] == "play")
    long = "Annabelle-Christina von Hohenzollern-Sig"
    assert len(long) == 40 and "Ann" in match["players"]

    def renamed(value):
        if value == "Ann":
            return long
        if isinstance(value, list):
            return [renamed(v) for v in value]
        if isinstance(value, dict):
            return {k: renamed(v) for k, v in value.items()}
        return value

    export = {"format": "referee-match", "version": 1, "game": "curdle", "title": "", "mode": "play",
              "players": renamed(match["players"]), "settings": match["settings"],
              "rules_version": golden["rules_version"],
              "log": [{"seq": n, "action": renamed(a)} for n, a in enumerate(match["log"], 1)]}
    created = client.post("/api/matches/import", json=export)
    assert created.status_code == 201, created.get_json()
    response = client.get(f"/api/matches/{created.get_json()['id']}/scoresheet.pdf")
    assert response.status_code == 200
    text = flat("\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages))
    assert text.count("natural curdle: Annabelle-Christina") >= 5
