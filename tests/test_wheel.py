"""The installable package: a wheel built from the repository holds everything the app needs,
and the README's Deployment recipe, run word for word from that wheel in a directory that holds
no checkout, serves pages, German pages, score sheets and static files."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.web.test_serving import Phone, free_port, stop, wait_until_answering

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
# The dependencies' wheels, which `make setup` keeps: the recipe's pip installs from them, as a
# site with a package mirror of its own would. Without them, pip asks the configured indexes.
WHEELHOUSE = VENV_BIN.parent / "wheelhouse"

# What the app reads at run time besides its Python modules.
RUNTIME_FILES = [
    "referee/templates/base.html",
    "referee/templates/pages/match.html",
    "referee/templates/games/pontis/_table.html",
    "referee/static/css/referee.css",
    "referee/static/vendor/htmx/htmx.min.js",
    "referee/static/js/sw.js",
    "referee/static/manifest.webmanifest",
    "referee/translations/de/messages.po",
    "referee/games/pontis/de.po",
    "referee/migrations/alembic.ini",
    "referee/migrations/script.py.mako",
    "referee/migrations/env.py",
]


def deployment_recipe() -> str:
    section = (ROOT / "README.md").read_text().split("\n## Deployment\n", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def site_recipe(database_url: str, port: int) -> str:
    """The recipe with this site's three values: its database, the address it binds and its
    number of workers (one: the test sends one request at a time, and each further worker only
    loads the app again, on a box whose two cores the rest of the suite is using)."""
    recipe = deployment_recipe()
    recipe, databases = re.subn(r"^export DATABASE_URL=\S+$", f"export DATABASE_URL='{database_url}'", recipe,
                                flags=re.M)
    recipe, binds = re.subn(r"--bind 0\.0\.0\.0:8000\b", f"--bind 127.0.0.1:{port}", recipe)
    recipe, workers = re.subn(r"--workers \d+\b", "--workers 1", recipe)
    assert (databases, binds, workers) == (1, 1, 1), recipe
    return recipe


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from this checkout as `make wheel` builds it."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
                   check=True, capture_output=True)
    (built,) = out.glob("referee-*.whl")
    return built


def outside_env() -> dict[str, str]:
    """This environment without the checkout's virtual environment on the path."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "SECRET_KEY", "DATABASE_URL")}
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if Path(p) != VENV_BIN)
    if WHEELHOUSE.is_dir():
        env.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(WHEELHOUSE))
    return env


def test_the_wheel_holds_templates_static_files_catalogs_and_migrations(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert [name for name in RUNTIME_FILES if name not in names] == []
    versions = [n for n in names if n.startswith("referee/migrations/versions/") and n.endswith(".py")]
    assert len(versions) == len(list((ROOT / "referee/migrations/versions").glob("*.py")))
    # Nothing of the checkout that is not the app: no tests, no local state.
    assert not [n for n in names if n.startswith(("tests/", "instance/")) or "__pycache__" in n]


def test_the_deployment_recipe_runs_from_the_wheel_outside_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(wheel, site)
    database = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'club.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "recipe.log"
    with log.open("w") as out:
        recipe = subprocess.Popen(["bash", "-euc", site_recipe(database, port)], cwd=site, env=outside_env(),
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_answering(f"{base}/healthz", recipe, "the recipe", seconds=300, log=log)
        # The app runs from the virtual environment in the site, not from this checkout.
        installed = subprocess.run([str(site / "venv/bin/python"), "-c", "import referee; print(referee.__file__)"],
                                   cwd=site, env=outside_env(), capture_output=True, text=True, check=True)
        assert Path(installed.stdout.strip()).is_relative_to(site / "venv")
        assert not (site / "referee").exists() and not (site / "templates").exists()

        phone = Phone(base)
        home = phone.get("/")
        assert home.status_code == 200 and "Start a new match" in home.get_data(as_text=True)

        created = phone.post("/api/matches", json={"game": "pontis", "players": ["Ann", "Ben", "Cat"]})
        assert created.status_code == 201
        match_id = created.get_json()["id"]

        german = phone.get(f"/m/{match_id}", headers={"Accept-Language": "de"})
        page = german.get_data(as_text=True)
        assert german.status_code == 200 and '<html lang="de">' in page and "Neue Partie" in page and "Regeln" in page

        sheet = phone.get(f"/api/matches/{match_id}/scoresheet.pdf")
        assert sheet.status_code == 200 and sheet.headers["Content-Type"] == "application/pdf"
        assert sheet.data.startswith(b"%PDF")

        script = phone.get("/static/vendor/htmx/htmx.min.js")
        assert script.status_code == 200 and script.data == (ROOT / "static/vendor/htmx/htmx.min.js").read_bytes()
    finally:
        stop(recipe)

