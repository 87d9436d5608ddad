"""German at 360 px: the top bar stays one line, and no word on the main screens breaks across
two lines (a word that does not fit is a layout to fix, not a word to cut)."""
from __future__ import annotations

from referee import games
from tests.browser.table import api, new_phone
from tests.browser.test_accessibility import create, quick_shoot_pontoon

# Every word of the visible text (letters only, two or more) whose box takes more than one line.
# Links written out as addresses and codes are not words: they may break anywhere.
BROKEN_WORDS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('.visually-hidden, svg, script, style, [hidden], a.link, .code') ||
        !parent.offsetParent) continue;
    for (const match of node.textContent.matchAll(/\\p{L}{2,}/gu)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


def test_german_screens_at_360_keep_the_top_bar_on_one_line_and_every_word_whole(browser, live_server):
    page = new_phone(browser, "360x740", "de")
    found = []
    pages = [live_server + path for path in ("/", "/new", "/join", "/rules")]
    for game in games.PRODUCT:
        match = create(live_server, game)
        pages += [match["links"]["scorer"], f"{live_server}/m/{match['id']}/timeline", f"{live_server}/rules/{game}"]
    # The column names of the widest results-only forms: Shoot Pontoon's, and Pontis's ending
    # beside who ended it.
    pages.append(quick_shoot_pontoon(live_server)["links"]["scorer"])
    pages.append(api(live_server, "/api/matches", {"game": "pontis", "mode": "quick",
                                                  "players": ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]})
                 ["links"]["scorer"])
    for url in pages:
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == "de", url
        bar = page.locator("header.topbar").bounding_box()
        if bar["height"] > 60:
            found.append(f"{url}: the top bar is {bar['height']:.0f} px tall (two lines)")
        found += [f"{url}: “{word}” is broken across two lines" for word in page.evaluate(BROKEN_WORDS)]
    page.context.close()
    assert found == [], "\n".join(found)
