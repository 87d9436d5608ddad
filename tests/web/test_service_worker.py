"""A release reaches phones that already have the service worker: its script is named for the
static files it keeps, so any change to them makes a new script, which the browser installs
and which then deletes the old cache."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from referee.web.service_worker import script, static_digest

STATIC = Path(__file__).resolve().parents[2] / "static"


def cache_name(text: str) -> str:
    found = re.search(r'const CACHE = "(referee-[0-9a-f]{12})";', text)
    assert found, "the script names its cache"
    return found.group(1)


def test_the_served_script_names_its_cache_for_this_releases_files(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert cache_name(response.get_data(as_text=True)) == f"referee-{static_digest(STATIC)}"
    # The browser asks again at every visit: unchanged, it is answered without a body.
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_editing_adding_or_renaming_a_static_file_renames_the_cache(tmp_path):
    folder = tmp_path / "static"
    shutil.copytree(STATIC, folder)
    names = {cache_name(script(folder))}
    (folder / "js" / "table.js").write_text((folder / "js" / "table.js").read_text() + "\n// changed\n")
    names.add(f"referee-{static_digest(folder)}")
    (folder / "css" / "games" / "new-game.css").write_text(".x{}")
    names.add(f"referee-{static_digest(folder)}")
    (folder / "css" / "games" / "new-game.css").rename(folder / "css" / "games" / "other-game.css")
    names.add(f"referee-{static_digest(folder)}")
    assert len(names) == 4
    # Unchanged files give the same name, on any machine: the digest reads contents, not dates.
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    assert static_digest(copy) == static_digest(folder)
