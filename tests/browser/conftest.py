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


@pytest.fixture(autouse=True)
def no_console_errors(page):
    """Every browser test also proves the pages run under the Content-Security-Policy and
    without script errors."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield
    assert [e for e in errors if "Failed to load resource" not in e] == []


@pytest.fixture(params=["390x844", "360x740"])
def phone(request, browser):
    """A phone of each size the table uses: the common 390×844 and the small 360×740."""
    from tests.browser.table import new_phone

    page = new_phone(browser, request.param)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    seen = [e for e in errors if "Failed to load resource" not in e]  # before closing cuts a poll short
    page.context.close()
    assert seen == []
