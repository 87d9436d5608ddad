"""Results-only Pontoon on a phone: the banker enters two whole deals with the quick form (the
bank's result, then each player's stake, hand and total, from the bank's left) and the balances
follow; an impossible total is refused with what was typed kept, and a pontoon passes the bank.
A deal of eight players is entered without scrolling, in Pontoon and Shoot Pontoon."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import Table


def test_two_quick_deals_keep_the_balances(page: Page, live_server):
    page.goto(live_server + "/new")
    page.locator("select#game").select_option("pontoon")
    expect(page.locator("#house-rules")).to_contain_text("House rules for Pontoon")
    page.get_by_label(re.compile("Players, one per line")).fill("Ann\nBen\nCy")
    page.get_by_label("Results only").check()
    page.get_by_role("button", name="Start the match").tap()

    quick = page.locator("fieldset.pt-quick")
    expect(quick.locator("legend")).to_have_text("Result of deal 1 (bank: Ann)")
    bank = quick.locator(".pt-quick-bank")
    ben = quick.locator('.pt-quick-row[data-player="Ben"]')
    cy = quick.locator('.pt-quick-row[data-player="Cy"]')

    def balances(money: dict[str, str]) -> None:
        for name, shown in money.items():
            expect(page.locator(f'.pt-balance[data-player="{name}"] .pt-money')).to_have_text(shown)

    # Deal 1: the bank stands on 18; Ben's 19 is paid his 4, Cy's five card trick twice her 2.
    bank.get_by_role("combobox").select_option("total")
    bank.get_by_label("Total", exact=True).fill("18")
    ben.get_by_label("Stake", exact=True).tap()
    ben.get_by_label("Stake", exact=True).fill("4")
    ben.get_by_role("combobox").select_option("total")
    ben.get_by_label("Total", exact=True).fill("19")
    cy.get_by_label("Stake", exact=True).fill("2")
    cy.get_by_role("combobox").select_option("five_card_trick")
    page.get_by_role("button", name="Enter the deal").tap()
    expect(page.locator(".pt-settlement h2")).to_have_text("Deal 1: settlement")
    expect(page.locator('.pt-settle-table tr[data-player="Cy"]')).to_contain_text(
        "five card trick beats the banker's 18, paid double")
    expect(page.locator(".message.error")).to_have_count(0)
    balances({"Ann": "−8", "Ben": "+4", "Cy": "+4"})

    # Deal 2, first typed wrong: a total over 21 is refused and the typed numbers stay.
    expect(quick.locator("legend")).to_have_text("Result of deal 2 (bank: Ann)")
    bank.get_by_label("Total", exact=True).fill("17")
    ben.get_by_label("Stake", exact=True).fill("3")
    ben.get_by_role("combobox").select_option("pontoon")
    cy.get_by_label("Stake", exact=True).fill("5")
    cy.get_by_label("Total", exact=True).fill("27")
    page.get_by_role("button", name="Enter the deal").tap()
    expect(page.locator(".message.error")).to_contain_text("a total of 27 is over 21: enter the hand as bust")
    expect(cy.get_by_label("Stake", exact=True)).to_have_value("5")
    expect(ben.get_by_role("combobox")).to_have_value("pontoon")
    balances({"Ann": "−8", "Ben": "+4", "Cy": "+4"})           # nothing was entered

    # Cy really tied the bank's 17 (ties go to the bank); Ben's pontoon is paid double and
    # takes the bank for the next deal.
    cy.get_by_label("Total", exact=True).fill("17")
    page.get_by_role("button", name="Enter the deal").tap()
    expect(page.locator(".message.error")).to_have_count(0)
    expect(page.locator(".pt-settlement h2")).to_have_text("Deal 2: settlement")
    expect(page.locator('.pt-settle-table tr[data-player="Cy"]')).to_contain_text("ties go to the banker")
    balances({"Ann": "−9", "Ben": "+10", "Cy": "−1"})
    expect(page.locator('.pt-balance[data-player="Ben"] .badge')).to_have_text("bank")
    expect(page.locator(".pt-bank-change")).to_contain_text("Ben takes the bank from Ann: a pontoon")
    # The next deal's form starts from Ben's left: Cy, then Ann.
    expect(quick.locator("legend")).to_have_text("Result of deal 3 (bank: Ben)")
    expect(quick.locator(".pt-quick-row[data-player]")).to_have_count(2)
    expect(quick.locator(".pt-quick-row[data-player]").first).to_have_attribute("data-player", "Cy")


EIGHT = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize("game", ["pontoon", "shoot-pontoon"])
def test_an_eight_player_deal_is_entered_without_scrolling(phone: Page, live_server, game):
    """Five to eight players is the usual Pontoon table (PONTOON-SETUP-1): the bank's line and
    seven players' lines, with the Shoot column in Shoot Pontoon, fit the panel of both phones,
    before the first deal and with the answer to it above the keys."""
    page = phone
    table = Table(page)  # for its reach check: every control of the next entry on screen
    page.goto(live_server + "/new")
    page.locator("select#game").select_option(game)
    # The game's own house rules, swapped in: Pontis's, there before, would be posted otherwise.
    title = {"pontoon": "Pontoon", "shoot-pontoon": "Shoot Pontoon"}[game]
    expect(page.locator("#house-rules legend")).to_have_text(f"House rules for {title}")
    page.get_by_label(re.compile("Players, one per line")).fill("\n".join(EIGHT))
    page.get_by_label("Results only").check()
    page.get_by_role("button", name="Start the match").tap()

    if game == "shoot-pontoon":  # the bank's kitty comes first, with its own small form
        page.get_by_label("Kitty", exact=True).fill("40")
        page.get_by_role("button", name="Put up the kitty").tap()
    quick = page.locator("fieldset.pt-quick")
    rows = quick.locator(".pt-quick-row[data-player]")
    expect(rows).to_have_count(7)
    expect(quick.get_by_role("group", name="Hal").get_by_label("Stake", exact=True)).to_be_visible()
    expect(quick.locator('input[name$=".shoot"]')).to_have_count(7 if game == "shoot-pontoon" else 0)
    table.in_reach()
    table.shot(f"{game}-quick-eight")

    # The bank stands on 18. Ben to Hal stake 1 to 7: 19 wins, 17 loses, a bust loses,
    # a pontoon and a five card trick are paid double.
    quick.get_by_role("group", name="Bank").get_by_label("Total", exact=True).fill("18")
    hands = [("total", "19"), ("total", "17"), ("bust", ""), ("pontoon", ""), ("five_card_trick", ""),
             ("total", "18"), ("total", "21")]
    for stake, (name, (kind, total)) in enumerate(zip(EIGHT[1:], hands), start=1):
        row = quick.get_by_role("group", name=name)
        row.get_by_label("Stake", exact=True).fill(str(stake))
        row.get_by_label("Hand", exact=True).select_option(kind)
        if total:
            row.get_by_label("Total", exact=True).fill(total)
    if game == "shoot-pontoon":  # Hal also shoots 5 against the kitty, and wins it with his 21
        quick.get_by_role("group", name="Hal").get_by_label("Shoot", exact=True).fill("5")
    table.tap(page.get_by_role("button", name="Enter the deal"))
    expect(page.locator(".pt-settlement h2")).to_have_text("Deal 1: settlement")
    expect(page.locator(".message.error")).to_have_count(0)
    # Ben +1, Cy -2, Dee -3, Eve +8, Fay +10, Gus -6 (ties go to the bank), Hal +7.
    for name, shown in {"Ben": "+1", "Cy": "−2", "Dee": "−3", "Eve": "+8", "Fay": "+10", "Gus": "−6",
                        "Hal": "+12" if game == "shoot-pontoon" else "+7"}.items():
        expect(page.locator(f'.pt-balance[data-player="{name}"] .pt-money')).to_have_text(shown)
    # Eve's pontoon takes the bank: the next deal's lines start from Eve's left (in Shoot
    # Pontoon once Eve has put up her kitty). The answer stays above the keys, two lines long.
    confirmed = page.locator("#panel .answer .confirmed")
    expect(confirmed).to_contain_text("Hal wins 7 with 21")  # whole for screen readers
    assert confirmed.bounding_box()["height"] < 60
    table.in_reach()
    if game == "shoot-pontoon":
        page.get_by_label("Kitty", exact=True).fill("30")
        table.tap(page.get_by_role("button", name="Put up the kitty"))
    expect(rows.first).to_have_attribute("data-player", "Fay")
    # The new bank is named as the bank, in the turn line and on the bank's own line.
    if game == "pontoon":
        table.expect_turn("Bank for deal 2: Eve")
    expect(quick.locator(".pt-quick-bank .pt-quick-name")).to_have_text("Eve bank")
    table.in_reach()
    table.shot(f"{game}-quick-eight-answered")
