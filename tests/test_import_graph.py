"""The import graph: the engines and their core stand alone (no Flask, Werkzeug, Jinja or
SQLAlchemy behind them), no two modules import each other at load time, and ReportLab waits
for the first PDF."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from referee import games

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "referee"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports(path: Path, modules: set[str]) -> set[str]:
    """The referee modules a module imports when it loads (imports inside functions and under
    TYPE_CHECKING come later, or never, and cannot make a cycle at load time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node) if isinstance(node, (ast.Import, ast.ImportFrom, ast.If, ast.Try)) else ():
            names = []
            if isinstance(sub, ast.Import):
                names = [alias.name for alias in sub.names]
            elif isinstance(sub, ast.ImportFrom) and sub.module and sub.level == 0:
                # "from package import submodule" needs the submodule; a package that is still
                # loading (the importer's own parent) hands it out without running again.
                submodules = [f"{sub.module}.{alias.name}" for alias in sub.names
                              if f"{sub.module}.{alias.name}" in modules]
                names = submodules if len(submodules) == len(sub.names) else [sub.module, *submodules]
            found.update(name for name in names if name in modules)
    return found


def test_no_module_imports_itself_back_at_load_time():
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py") if "migrations" not in path.parts}
    graph = {name: top_level_imports(path, set(paths)) - {name} for name, path in paths.items()}
    cycles = []

    def visit(name: str, trail: list[str]) -> None:
        for target in graph.get(name, ()):
            if target == trail[0]:
                cycles.append(" → ".join(trail + [target]))
            elif target not in trail and len(trail) < 12:
                visit(target, trail + [target])

    for name in graph:
        visit(name, [name])
    assert cycles == [], "\n".join(sorted(set(cycles))[:10])


def test_every_engine_loads_with_neither_flask_nor_sqlalchemy():
    engines = sorted({type(games.get(name)).__module__ for name in games.GAMES})
    script = ("import sys\n" + "".join(f"import {module}\n" for module in engines) +
              "print(sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'werkzeug', 'jinja2', 'sqlalchemy'}))")
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]", (engines, loaded.stdout, loaded.stderr)


def test_no_module_imports_another_modules_private_names():
    """What two modules share is public; a leading underscore means "this module's own"."""
    borrowed = []
    for path in PACKAGE.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("referee"):
                borrowed += [f"{module_name(path)}: {node.module}.{alias.name}" for alias in node.names
                             if alias.name.startswith("_") and alias.name != "_"]
    assert borrowed == [], "\n".join(borrowed)


def test_an_app_loads_reportlab_only_for_its_first_pdf():
    """A worker starts without ReportLab (0.18 s of its start); the first score pad loads it."""
    script = ("import sys\nfrom referee import create_app\n"
              "app = create_app({'SECRET_KEY': 'x', 'SQLALCHEMY_DATABASE_URI': 'sqlite://'})\n"
              "print('reportlab' in sys.modules)\n"
              "pad = app.test_client().get('/pads/curdle.pdf')\n"
              "print(pad.status_code, pad.data[:4].decode(), 'reportlab' in sys.modules)")
    loaded = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.split("\n")[:2] == ["False", "200 %PDF True"], loaded.stderr
