"""What the two public namespaces' tests share (tests/core/test_api.py, tests/core/plugin/test_plugin_api.py)."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules_after(code: str) -> set[str]:
    """The modules loaded in a fresh interpreter after running ``code``."""
    script = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stdout.splitlines()[-1]))


def is_code(obj: object) -> bool:
    """A class, a module, or a function (also behind a decorator such as ``lru_cache``): it has a docstring."""
    return isinstance(obj, type | types.ModuleType) or inspect.isfunction(inspect.unwrap(obj))  # type: ignore[arg-type]


def own_docstring(obj: object) -> str:
    """The object's own docstring: not one inherited from a base class, nor the signature a dataclass writes."""
    doc = vars(obj).get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    doc = inspect.cleandoc(doc or "")
    if isinstance(obj, type) and doc.startswith(f"{obj.__name__}("):  # dataclass's generated signature
        return ""
    return doc
