"""Browser tests: real Chromium (Debian's, Playwright's download is not used) on a phone-sized
touch viewport, against the app served from a thread on 127.0.0.1."""
from __future__ import annotations

import threading

import pytest
from flask_migrate import upgrade
from werkzeug.serving import make_server

from referee import create_app, store

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


@pytest.fixture
def live_server(tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'browser.sqlite3'}",
                      "SECRET_KEY": "browser-test"})
    with app.app_context():
        upgrade()
    store.clear_cache()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(autouse=True)
def no_console_errors(page):
    """Every browser test also proves the pages run under the Content-Security-Policy and
    without script errors."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield
    assert [e for e in errors if "Failed to load resource" not in e] == []
