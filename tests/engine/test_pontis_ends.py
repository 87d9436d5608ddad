"""Pontis, the ends of games (issue 12): who won each game and why with each player's breakdown
(``outcome``), the match result, the leader at every moment, the running totals behind the
charts, the dealer of a rematch, and the timeline's rounds."""
from __future__ import annotations

import pytest

from referee.actions import Action
from referee.games.pontis.engine import GAME
from referee.i18n import language
from tests.engine.test_pontis_rules import Table, blocked_run

GAME_1 = {"bank_cards": {"Ann": 10, "Ben": 8, "Cy": 18}, "suit_points": {"Ann": 2},
          "ending": "out", "ended_by": "Cy"}
GAME_2 = {"bank_cards": {"Ann": 5, "Ben": 9, "Cy": 3}, "ending": "blocked", "ended_by": "Ann"}
GAME_3 = {"bank_cards": {"Ann": 6, "Ben": 6, "Cy": 4}, "suit_points": {"Cy": 2},
          "ending": "complete_curdle"}
FIELD_NAMES = ("bank_cards", "suit_points", "liar_points", "ended_by", "ending", "complete_curdle",
               "liar_calls", "foundation_suit")


def quick(*games, **settings) -> Table:
    t = Table(mode="quick", **settings)
    for game in games:
        t.do("quick", **game)
    return t


def breakdown(view: dict) -> dict[str, dict[str, object]]:
    """The outcome's rows as {player: {column: cell}}."""
    columns = view["outcome"]["breakdown"]["columns"]
    return {row["who"]: dict(zip(columns, row["cells"])) for row in view["outcome"]["breakdown"]["rows"]}


def test_no_outcome_nobody_leads_and_no_totals_before_a_game_ends():
    t = Table()
    view = t.view
    assert view["outcome"] is None and view["match_result"] is None and view["leaders"] == []
    assert GAME.running_totals(t.state) == ()
    assert quick().view["outcome"] is None


def test_quick_game_outcome_names_the_winner_and_why_with_the_breakdown():
    t = quick(GAME_1, liar_points=2)
    view = t.view
    outcome = view["outcome"]
    assert outcome["unit"] == "game" and outcome["number"] == 1 and outcome["ending"] == "out"
    assert outcome["winners"] == ["Cy"]
    assert outcome["headline"] == ("Cy went out and wins game 1 with 22 points, the grand bonus "
                                   "of +4 included.")
    assert outcome["breakdown"]["columns"] == ["Bank cards", "Suit points", "Bonus or penalty",
                                               "Liar points", "Game", "Match"]
    rows = breakdown(view)
    assert rows["Cy"] == {"Bank cards": 18, "Suit points": 0, "Bonus or penalty": "+4",
                          "Liar points": 0, "Game": 22, "Match": 22}
    assert rows["Ann"]["Suit points"] == 2 and rows["Ann"]["Game"] == 12
    # In quick mode the game is over as soon as it is entered: the board shows the outcome.
    assert view["deal_over"] and not view["match_over"]


def test_the_breakdown_is_the_score_sheet_rows_and_adds_up():
    """One source of truth: the breakdown's numbers are the history rows the sheet prints."""
    t = quick(GAME_1, GAME_2, liar_points=2)
    view = t.view
    sheet = {row["player"]: row for row in view["history"][-1]["rows"]}
    for name, cells in breakdown(view).items():
        row = sheet[name]
        assert cells["Bank cards"] == row["bank_cards"] and cells["Suit points"] == row["suit_points"]
        assert cells["Liar points"] == row["liar_points"] and cells["Game"] == row["score"]
        bonus = {"0": 0, "+4": 4, "−2": -2}[cells["Bonus or penalty"]]
        assert bonus == row["bonus"]
        assert cells["Game"] == row["bank_cards"] + row["suit_points"] + bonus + row["liar_points"]
        assert cells["Match"] == view["scores"][name]
    assert view["history"][-1]["headline"] == view["outcome"]["headline"]
    assert view["history"][-1]["winners"] == view["outcome"]["winners"] == ["Ben"]


@pytest.mark.parametrize("game, why", [
    (GAME_2, "nobody could bridge, even with the sum ability; Ann missed first and takes −2."),
    (GAME_3, "the game ended on a complete curdle, with no bonus and no penalty."),
])
def test_every_ending_says_why(game, why):
    view = quick(game).view
    assert view["outcome"]["headline"].endswith(why), view["outcome"]["headline"]


def test_a_tied_game_names_every_winner():
    t = quick({"bank_cards": {"Ann": 7, "Ben": 7, "Cy": 3}, "ending": "complete_curdle"})
    outcome = t.view["outcome"]
    assert outcome["winners"] == ["Ann", "Ben"]
    assert outcome["headline"].startswith("Ann and Ben tie for game 1 with 7 points each")


def test_liar_points_column_only_when_calling_is_on():
    assert "Liar points" not in quick(GAME_1).view["outcome"]["breakdown"]["columns"]
    assert "Liar points" in quick(GAME_1, liar_points=1).view["outcome"]["breakdown"]["columns"]


def test_play_mode_outcome_after_a_blocked_game():
    t = blocked_run()
    for _ in range(3):
        t.do("miss")
    view = t.view
    assert view["deal_over"] and view["phase"] == "deal"
    assert view["outcome"]["winners"] == ["Cy"]
    assert view["outcome"]["headline"] == (
        "Cy wins game 1 with 3 points: nobody could bridge, even with the sum ability; Ben "
        "missed first and takes −2.")
    rows = breakdown(view)
    assert rows["Ben"]["Bonus or penalty"] == "−2" and rows["Ben"]["Game"] == 0
    assert rows["Cy"]["Suit points"] == 1
    assert view["leaders"] == ["Cy"]
    # The outcome stays that of game 1 while game 2 is played (the board shows it only between games).
    t.do("deal", foundation_suit="s")
    assert t.view["outcome"]["number"] == 1 and not t.view["deal_over"]


def test_leaders_at_every_moment_count_the_game_being_played():
    t = Table()
    t.do("deal", foundation_suit="h")
    assert t.view["leaders"] == []                  # nobody has a card up
    t.do("reveal", card="5h")
    assert t.view["leaders"] == ["Ann"]             # Ann's foundation is up
    t.do("reveal", card="9h")
    assert t.view["leaders"] == ["Ann", "Ben"]      # a foundation each; Cy's is face down
    t.do("play", card="4c")
    assert t.view["leaders"] == ["Ben"]
    for move in (("reveal", {"card": "Kh"}), ("play", {"card": "9c"}), ("play", {"card": "4h"})):
        t.do(move[0], **move[1])
        view = t.view
        live = {name: view["scores"][name] + view["deal_scores"][name] for name in view["players"]}
        best = max(live.values())
        assert view["leaders"] == [n for n in view["players"] if live[n] == best]


def test_running_totals_after_each_game():
    t = quick(GAME_1, GAME_2, GAME_3)
    totals = GAME.running_totals(t.state)
    assert totals == ({"Ann": 12, "Ben": 8, "Cy": 22}, {"Ann": 15, "Ben": 17, "Cy": 25},
                      {"Ann": 21, "Ben": 23, "Cy": 31})
    assert totals[-1] == t.view["scores"]
    assert t.view["leaders"] == ["Cy"]


def test_match_result_and_next_dealer_when_the_match_is_over():
    t = quick(GAME_1, GAME_2, games=2)
    view = t.view
    assert view["match_over"]
    assert view["match_result"] == {"winners": ["Cy"],
                                    "headline": "Cy wins the match after 2 games with 25 points."}
    # Games 1 and 2 were dealt by Ann and Ben; the next dealer is Cy (a rematch seats Cy first).
    assert view["next_dealer"] == "Cy"
    assert quick(GAME_1, games=1).view["next_dealer"] == "Ben"
    assert quick(GAME_1, GAME_2, GAME_3, games=3).view["next_dealer"] == "Ann"


def test_next_dealer_at_the_end_of_a_play_mode_match_is_the_one_after_the_last_dealer():
    t = blocked_run(games=1)
    for _ in range(3):
        t.do("miss")
    view = t.view
    assert view["match_over"] and view["dealer"] == "Ann" and view["next_dealer"] == "Ben"
    assert view["match_result"]["winners"] == ["Cy"]
    assert view["match_result"]["headline"] == "Cy wins the match after 1 game with 3 points."


def test_a_shared_match_names_every_winner():
    t = quick({"bank_cards": {"Ann": 7, "Ben": 7, "Cy": 3}, "ending": "complete_curdle"}, games=1)
    assert t.view["match_result"] == {
        "winners": ["Ann", "Ben"], "headline": "Ann and Ben share the match after 1 game with 7 points each."}


def test_german_outcome_and_match_result():
    t = quick(GAME_1, GAME_2, games=2)
    with language("de"):
        view = GAME.view(t.state)
    assert view["outcome"]["headline"] == (
        "Ben gewinnt Spiel 2 mit 9 Punkten: niemand konnte eine Brücke legen, auch nicht mit dem "
        "Summenrecht; Ann hat als Erster gepasst und bekommt −2.")
    assert view["outcome"]["breakdown"]["columns"] == ["Bankkarten", "Farbpunkte", "Bonus oder Strafe",
                                                       "Spiel", "Partie"]
    assert view["match_result"]["headline"] == "Cy gewinnt die Partie nach 2 Spielen mit 25 Punkten."
    with language("de"):
        one = GAME.view(quick(GAME_1, games=1).state)
    assert one["match_result"]["headline"] == "Cy gewinnt die Partie nach 1 Spiel mit 22 Punkten."
    assert one["outcome"]["headline"] == ("Cy ist ausgegangen und gewinnt Spiel 1 mit 22 Punkten, "
                                          "den großen Bonus von +4 eingerechnet.")


@pytest.mark.parametrize("code", ["en", "de"])
def test_no_field_name_in_any_sentence(code):
    sentences = []
    for games in ((GAME_1, GAME_2, GAME_3), ({"bank_cards": {"Ann": 7, "Ben": 7, "Cy": 3},
                                              "ending": "complete_curdle"},)):
        t = quick(*games, games=len(games), liar_points=1)
        with language(code):
            view = GAME.view(t.state)
        sentences += [view["outcome"]["headline"], view["match_result"]["headline"],
                      *view["outcome"]["breakdown"]["columns"], *(g["headline"] for g in view["history"])]
    for text in sentences:
        assert not any(name in text for name in FIELD_NAMES), text
    if code == "de":
        for english in (" wins ", " game ", " points", "went out", "nobody", "match", "Bank cards",
                        "penalty", " tie ", " share ", " after "):
            assert not any(english in text for text in sentences), english


def test_the_timeline_groups_a_game_by_round():
    t = Table()
    assert GAME.unit == "game" and GAME.stage(t.state) is None
    stages = []
    for kind, fields in (("deal", {"foundation_suit": "h"}), ("reveal", {"card": "5h"}),
                         ("reveal", {"card": "9h"}), ("play", {"card": "4c"}),
                         ("reveal", {"card": "Kh"}), ("play", {"card": "9c"}),
                         ("play", {"card": "4h"}), ("miss", {})):
        stage = GAME.stage(t.state)
        stages.append(None if stage is None else str(stage))
        t.do(kind, **fields)
    # The deal opens the game; round 1 is Ann's turning up and Ben's and Cy's first turns.
    assert stages == [None] + ["Round 1"] * 5 + ["Round 2"] * 2
    with language("de"):
        assert str(GAME.stage(t.state)) == "Runde 2"
    assert GAME.stage(quick(GAME_1).state) is None


def test_the_deal_entry_and_the_outcome_agree_on_game_numbers():
    """The timeline folds game n under its outcome headline when the outcome's number is n."""
    t = blocked_run()
    for _ in range(3):
        t.do("miss")
    before = t.state
    t.do("deal", foundation_suit="c")
    words = GAME.describe(before, Action({"type": "deal", "foundation_suit": "c"}), t.state)
    assert words.startswith("Ben deals game 2")
    assert GAME.view(before)["outcome"]["number"] == 1
