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


# htmx logs every request it cuts short as two console errors. A board poll cut short by an
# entry (the entry forms that sync on "#board:replace") is the design: the entry's answer is the
# newer board. Any other request cut short is not, so the tests' script on each page names the
# cut-short requests that are the board's own GET.
POLL_CUT_SHORT = "referee-test: a board poll was cut short"
NAME_CUT_SHORT_POLLS = """document.addEventListener("htmx:sendAbort", (event) => {
  const config = event.detail.requestConfig, board = event.detail.elt;
  if (config && config.verb === "get" && board && board.id === "board") console.info("%s");
});""" % POLL_CUT_SHORT


def console_errors(page) -> list[str]:
    """The script errors and console errors of the page, as they come, less the lines a board
    poll cut short by an entry leaves."""
    errors: list[str] = []

    def heard(message) -> None:
        if message.type == "error" and "Failed to load resource" not in message.text:
            errors.append(message.text)
        elif message.text == POLL_CUT_SHORT:
            for event in ("htmx:afterRequest", "htmx:sendAbort"):   # logged as "<event>, <element>"
                logged = [e for e in errors if e.partition(",")[0] == event]
                if logged:
                    errors.remove(logged[-1])
                else:
                    errors.append(f"{POLL_CUT_SHORT}, but htmx did not log {event}")

    page.add_init_script(NAME_CUT_SHORT_POLLS)
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
