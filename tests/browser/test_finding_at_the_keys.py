"""A finding the referee makes of the entry just tapped is answered by the keys, on the
confirmation line, not only on the board above: a Reverse Bridge revoke proven as it is entered."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.table import Table, api
from tests.web.test_api_reverse_bridge import PLAYERS, auction_actions, known_deal, play_out


def revoke_plan() -> tuple[list[dict], str, str]:
    """The entries up to a trick whose led suit a player has already shown out of, and a card
    of that suit (still unplayed) entered for that player: the revoke is proven at once."""
    plays = [(seat, str(card)) for seat, card in play_out(known_deal(), "h", 3).plays]
    shown_out: dict[int, set[str]] = {}
    for i, (seat, card) in enumerate(plays):
        led = plays[i - i % 4][1][-1]
        if i % 4 and card[-1] != led:
            shown_out.setdefault(seat, set()).add(led)
        elif i % 4 and led in shown_out.get(seat, set()):
            raise AssertionError("a lowest-legal play never revokes")
        if i % 4 == 0:
            for j in range(i + 1, i + 4):
                if led in shown_out.get(plays[j][0], set()):
                    played = {c for _s, c in plays[:j]}
                    revoke = next(c for _s, c in plays[j + 1:] if c[-1] == led and c not in played)
                    entries = [{"type": "deal"}, *auction_actions(),
                               *({"type": "play", "card": c} for _s, c in plays[:j])]
                    return entries, PLAYERS[plays[j][0]], revoke
    raise AssertionError("the known deal has no trick to revoke in")


def test_a_revoke_found_as_it_is_entered_is_answered_by_the_keys(phone: Page, live_server):
    page = phone
    table = Table(page)
    entries, revoker, card = revoke_plan()
    match = api(live_server, "/api/matches", {"game": "reverse-bridge", "players": list(PLAYERS),
                                              "settings": {"hands": 4}})
    for entry in entries:
        api(live_server, f"/api/matches/{match['id']}/actions", entry, match["scorer_token"])
    page.goto(match["links"]["scorer"])
    expect(page.locator("#board")).to_have_attribute("data-seq", str(len(entries)))
    table.expect_turn(revoker)
    # The led suit comes preselected: the rank alone sends the card.
    table.key("card", card[:-1])
    expect(page.locator("#board")).to_have_attribute("data-seq", str(len(entries) + 1))
    # The answer by the keys says the entry was taken and that the referee found something
    # in it, by its rule; the finding is whole at the top of the board.
    line = table.confirmed(f"{revoker} plays")
    expect(line).to_contain_text("Finding RB-PLAY-1, above:")
    expect(line.locator(".tick")).to_have_text("⚠")
    finding = page.locator("#board > .message.finding")
    expect(finding).to_contain_text(re.compile(r"Finding \(RB-PLAY-1\):.*revoke"))
    box = finding.bounding_box()
    assert box is not None and 0 <= box["y"] < page.viewport_size["height"]
    table.in_reach()
    table.shot("finding-at-the-keys")
    # An entry with nothing found is answered with the plain tick.
    table.tap(page.locator("#panel .undo-button"))
    expect(page.locator("#board")).to_have_attribute("data-seq", str(len(entries) + 2))
    expect(page.locator("#panel .answer .confirmed")).not_to_have_class(re.compile("with-finding"))
