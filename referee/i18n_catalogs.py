"""The translation catalogs: which sources feed which domain, extraction, and what is missing.

`make messages` (python -m referee.i18n_catalogs) brings every ``.po`` file up to date with the
code: new messages are added with an empty translation, messages no longer used are dropped.
A test fails while any message of any domain has no German translation.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from referee import games
from referee.i18n import LANGUAGES, catalog_path

ROOT = Path(__file__).resolve().parents[1]

# The core's domain -> its sources (globs from the repository root). Each game is a domain of
# its own, named after it: every module of its folder and its templates.
CORE: tuple[str, ...] = (
    "referee/*.py", "referee/store/*.py", "referee/games/__init__.py", "referee/web/*.py",
    "referee/pdf/*.py", "templates/*.html", "templates/pages/*.html", "templates/macros/*.html",
    "templates/games/_*.html")


def domains() -> dict[str, tuple[str, ...]]:
    """Every domain and its sources: the core's, then one per registered game."""
    found = {"messages": CORE}
    for record in games.REGISTRY.values():
        folder = record.folder.relative_to(ROOT) if record.folder.is_relative_to(ROOT) else record.folder
        found[record.name] = (f"{folder}/*.py", f"templates/games/{record.name}/*.html")
    return found


KEYWORDS = {"_": None, "N_": None, "gettext": None, "n_": (1, 2), "ngettext": (1, 2)}
PLACEHOLDER = re.compile(r"\{(\w+)\}|%\((\w+)\)s")


def sources(domain: str) -> list[Path]:
    found = sorted({path for pattern in domains()[domain] for path in ROOT.glob(pattern)})
    return [p for p in found if p.name != "i18n_catalogs.py"]


def extract(domain: str) -> Catalog:
    catalog = Catalog(domain=domain)
    for path in sources(domain):
        method = "jinja2" if path.suffix == ".html" else "python"
        options = {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"} if method == "jinja2" else {}
        for line, message, comments, _context in extract_from_file(
                method, str(path), keywords=KEYWORDS, options=options):
            catalog.add(message, locations=[(str(path.relative_to(ROOT)), line)], auto_comments=comments)
    return catalog


def po_path(language: str, domain: str) -> Path:
    return catalog_path(language, domain)


def load(language: str, domain: str) -> Catalog:
    path = po_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain)
    with path.open("rb") as source:
        return read_po(source, locale=language, domain=domain)


def update(language: str, domain: str) -> None:
    catalog = load(language, domain)
    catalog.update(extract(domain), no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.project, catalog.version, catalog.fuzzy = "referee", "", False
    catalog.copyright_holder, catalog.msgid_bugs_address = "referee", ""
    catalog.last_translator = catalog.language_team = "referee"
    path = po_path(language, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalog, width=100, omit_header=False, sort_output=False)


def problems(language: str, domain: str) -> list[str]:
    """Messages of the domain without a translation, or whose translation lost a placeholder."""
    translated = {m.id: m.string for m in load(language, domain) if m.id}
    found = []
    for message in extract(domain):
        if not message.id:
            continue
        # A plural message's id and translation are tuples (babel types them as lists too).
        ids = tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)
        string = translated.get(message.id)
        strings = tuple(string) if isinstance(string, (tuple, list)) else ((string,) if string else ())
        if not strings or not all(strings):
            found.append(f"{domain}: no translation for {ids[0]!r}")
            continue
        wanted = {m for ph in PLACEHOLDER.findall(ids[-1]) for m in ph if m}
        for text in strings:
            have = {m for ph in PLACEHOLDER.findall(text) for m in ph if m}
            if have != wanted:
                found.append(f"{domain}: placeholders of {ids[0]!r} are {sorted(wanted)}, not {sorted(have)}")
    return found


def main(argv: list[str]) -> int:
    chosen = argv or list(domains())
    for language in LANGUAGES:
        if language == "en":
            continue
        for domain in chosen:
            update(language, domain)
            missing = problems(language, domain)
            print(f"{language}/{domain}.po: {len(missing)} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
