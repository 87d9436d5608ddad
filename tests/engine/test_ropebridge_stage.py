"""Ropebridge's timeline groups a game by turns: ``stage`` names the turn the next entry falls
in ("Ann's turn 2"), each player's turns counted within the game; a reveal belongs to the turn
whose match reached the new row card; between games and in results-only matches there is none."""
from __future__ import annotations

from referee import i18n
from referee.actions import Action
from referee.games.ropebridge.engine import GAME, Settings
from tests.web.test_api_ropebridge import GAME as WON_GAME
from tests.web.test_api_ropebridge import PLAYERS, SETTINGS


def stages() -> list[tuple[str, str | None]]:
    """Every accepted entry of the won game with the stage it falls in."""
    state = GAME.start(PLAYERS, Settings.from_dict(dict(SETTINGS)), "play")
    out = []
    seq = 0
    for action, status in WON_GAME:
        if status != 200:
            continue
        seq += 1
        stage = GAME.stage(state)
        out.append((action["type"], None if stage is None else str(stage)))
        state, _findings = GAME.apply(state, Action(action), seq)
    assert GAME.stage(state) is None                           # the game is over: no turn
    return out


def test_each_entry_falls_in_a_players_numbered_turn():
    got = stages()
    assert got[0] == ("deal", None)                            # the deal is before any turn
    assert got[1:3] == [("draw", "Ben's turn 1"), ("discard", "Ben's turn 1")]
    # Ann's first turn: draw, a pair, its reveal, a second match, its reveal, end.
    assert [s for _t, s in got[3:9]] == ["Ann's turn 1"] * 6
    assert got[5] == ("reveal", "Ann's turn 1")
    assert got[9:12] == [("match", "Ben's turn 2"), ("match", "Ben's turn 2"), ("end_turn", "Ben's turn 2")]
    assert got[12][1] == "Ann's turn 2"
    assert got[-1] == ("match", "Ann's turn 4")               # Ann crosses on her fourth turn
    # Consecutive entries of one turn share a stage: the timeline shows one heading per turn.
    headings = [s for n, (_t, s) in enumerate(got) if s and (n == 0 or got[n - 1][1] != s)]
    assert headings == ["Ben's turn 1", "Ann's turn 1", "Ben's turn 2", "Ann's turn 2", "Ben's turn 3",
                        "Ann's turn 3", "Ben's turn 4", "Ann's turn 4"]


def test_the_stage_is_german_for_a_german_phone():
    state = GAME.start(PLAYERS, Settings.from_dict(dict(SETTINGS)), "play")
    state, _f = GAME.apply(state, Action(WON_GAME[0][0]), 1)
    with i18n.language("de"):
        assert str(GAME.stage(state)) == "Zug 1 von Ben"


def test_no_stage_in_a_results_only_match():
    state = GAME.start(PLAYERS, Settings.from_dict(dict(SETTINGS)), "quick")
    assert GAME.stage(state) is None
    state, _f = GAME.apply(state, Action({"type": "quick", "winner": "Ann"}), 1)
    assert GAME.stage(state) is None


def test_the_timeline_page_groups_the_game_by_turns(client, api):
    """On the timeline a heading opens each turn, before its first entry, in the phone's language."""
    import html
    import re

    from tests.web.test_api_ropebridge import play

    match = api.create(game="ropebridge", players=list(PLAYERS), settings=dict(SETTINGS))
    play(api, match, WON_GAME)
    for language, first, last in (("en", "Ben's turn 1", "Ann's turn 4"), ("de", "Zug 1 von Ben", "Zug 4 von Ann")):
        page = client.get(f"/m/{match['id']}/timeline", headers={"Accept-Language": language},
                          follow_redirects=True).get_data(as_text=True)
        groups = page.split('<li class="stage">')[1:]
        headings = [html.unescape(re.search(r"<h3>(.*?)</h3>", group, re.S).group(1)) for group in groups]
        assert len(headings) == 8 and headings[0] == first and headings[-1] == last, headings
        # Ben's first turn holds his draw and his discard, and nothing of Ann's.
        assert len(re.findall(r'<li id="e\d+" class="entry-line', groups[0])) == 2, groups[0]
