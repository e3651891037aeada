"""The rules are a library (docs/principles.md, principle 1): no module under consell/rules imports
Django."""

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "consell" / "rules"


def test_no_rules_module_imports_django():
    offenders = []
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert offenders == []


def test_every_rules_module_imports_with_django_unavailable():
    """Import them all in a fresh interpreter where importing django raises."""
    modules = [f"consell.rules.{p.stem}" for p in sorted(RULES.glob("*.py"))]
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'django' or name.startswith('django.'):\n"
        "            raise ImportError('django is blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        f"import importlib\nfor m in {modules!r}: importlib.import_module(m)\n"
    )
    root = RULES.parents[1]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _imports(path: Path, package: str) -> set[str]:
    """Absolute names of the modules ``path`` (in ``package``) imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            found.add(".".join([*base, *([node.module] if node.module else [])]))
    return found


def test_the_write_path_never_imports_the_audit():
    """docs/principles.md, principle 2: the audit reads the log; the rules and the services that
    write the game never read the audit."""
    root = RULES.parents[1]
    offenders = []
    for folder in (RULES, root / "consell" / "game" / "services"):
        package = ".".join(folder.relative_to(root).parts)
        for path in sorted(folder.glob("*.py")):
            for name in _imports(path, package):
                if name == "consell.audit" or name.startswith("consell.audit."):
                    offenders.append(f"{path.relative_to(root)}: {name}")
    assert offenders == []
