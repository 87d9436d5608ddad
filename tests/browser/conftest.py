"""Browser tests: real Chromium (Debian's, Playwright's download is not used) on a phone-sized
touch viewport, against the app served from a thread on 127.0.0.1."""
from __future__ import annotations

import pytest

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "is_mobile": True, "has_touch": True,
            "accept_downloads": True}


# htmx logs every request it cuts short, and every request that meets no connection, as two
# console errors. For the board's own poll (its GET every 1.5 s) both are the design:
# - cut short by an entry (the entry forms sync on "#board:replace"): the entry's answer is the
#   newer board;
# - lost with the connection: a test takes the network away between two polls, and a poll that
#   left before the page saw it go fails as on a phone whose Wi-Fi drops.
# Any other request cut short or lost is not, so the tests' script on each page names the
# board's polls that ended so.
POLL_CUT_SHORT = "referee-test: a board poll was cut short"
POLL_LOST = "referee-test: a board poll met no connection"
POLL_ENDS = {POLL_CUT_SHORT: "htmx:sendAbort", POLL_LOST: "htmx:sendError"}
NAME_ENDED_POLLS = """for (const [name, said] of [["htmx:sendAbort", "%s"], ["htmx:sendError", "%s"]]) {
  document.addEventListener(name, (event) => {
    const config = event.detail.requestConfig, board = event.detail.elt;
    if (config && config.verb === "get" && board && board.id === "board") console.info(said);
  });
}""" % (POLL_CUT_SHORT, POLL_LOST)


def console_errors(page) -> list[str]:
    """The script errors and console errors of the page, as they come, less the lines a board
    poll cut short by an entry, or lost with the connection, leaves."""
    errors: list[str] = []

    def heard(message) -> None:
        if message.type == "error" and "Failed to load resource" not in message.text:
            errors.append(message.text)
        elif message.text in POLL_ENDS:
            for event in ("htmx:afterRequest", POLL_ENDS[message.text]):   # logged as "<event>, <element>"
                logged = [e for e in errors if e.partition(",")[0] == event]
                if logged:
                    errors.remove(logged[-1])
                else:
                    errors.append(f"{message.text}, but htmx did not log {event}")

    page.add_init_script(NAME_ENDED_POLLS)
    page.on("console", heard)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


@pytest.fixture(autouse=True)
def no_console_errors(page):
    """Every browser test also proves the pages run under the Content-Security-Policy and
    without script errors."""
    errors = console_errors(page)
    yield
    assert errors == [], errors


@pytest.fixture(params=["390x844", "360x740"])
def phone(request, browser):
    """A phone of each size the table uses: the common 390×844 and the small 360×740."""
    from tests.browser.table import new_phone

    page = new_phone(browser, request.param)
    errors = console_errors(page)
    yield page
    seen = list(errors)  # before closing cuts a poll short
    page.context.close()
    assert seen == []
