"""Where rulesets come from: installed entry points, or a file on disk.

A ruleset is installed by a distribution that declares an entry point in the
``mahjong_core.rulesets`` group: the name is the ruleset id, the value a
module whose package holds ``ruleset.yaml``.  The bundled rulesets are
declared the same way (in this project's ``pyproject.toml``), so a third-party
ruleset is not second class, and a built wheel finds its rulesets without a
source checkout.  Nothing is imported until a ruleset is actually loaded.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import ModuleType

from mahjong_core.errors import RulesetError
from mahjong_core.reading.bounded_read import read_bounded
from mahjong_core.reading.entry_points import entry_points
from mahjong_core.rules.document import MAX_BYTES

ENTRY_POINT_GROUP = "mahjong_core.rulesets"
RULESET_FILE = "ruleset.yaml"


@dataclass(frozen=True)
class EntryPointInfo:
    """One installed ruleset as its entry point declares it.

    :param id: the entry point name, which must equal the file's ``id``.
    :param module: the module path the entry point names.
    :param dist: the installed distribution that declares it, if known.  Its name and version are read
        from its metadata only when asked for (:attr:`distribution`, :attr:`distribution_version`):
        listing the rulesets need not parse every distribution's metadata.
    """

    id: str
    module: str
    dist: metadata.Distribution | None = field(default=None, repr=False, compare=False)

    @cached_property
    def distribution(self) -> str | None:
        """The name of the distribution that declares it, if known."""
        return self.dist.name if self.dist is not None else None

    @cached_property
    def distribution_version(self) -> str | None:
        """That distribution's version, if known."""
        return self.dist.version if self.dist is not None else None


@dataclass(frozen=True)
class RulesetSource:
    """How to get one ruleset document.

    :param location: shown in error messages (a file path where there is one).
    :param read: returns the YAML text.
    :param module: the plugin module to import first (its hooks and predicates), if any.
    """

    id: str | None
    location: str
    read: Callable[[], str]
    module: Callable[[], ModuleType] | None = None


@lru_cache(maxsize=1)
def available() -> dict[str, EntryPointInfo]:
    """Installed rulesets by id, sorted.  If two distributions claim an id, the first by name wins."""
    claims: dict[str, list[metadata.EntryPoint]] = {}
    for ep in entry_points(ENTRY_POINT_GROUP):
        claims.setdefault(ep.name, []).append(ep)
    found: dict[str, EntryPointInfo] = {}
    for name, eps in claims.items():
        # A distribution's name is read from its metadata: only where two claim one id.
        ep = eps[0] if len(eps) == 1 else min(eps, key=lambda ep: ep.dist.name if ep.dist else "")
        found[name] = EntryPointInfo(id=name, module=ep.value.split(":", 1)[0].strip(), dist=ep.dist)
    return dict(sorted(found.items()))


def import_plugin(module_name: str) -> ModuleType:
    """Import a ruleset's module, turning an import failure into a located error."""
    try:
        return importlib.import_module(module_name)
    except Exception as exc:  # a broken third-party plugin must not crash the caller with its own traceback
        raise RulesetError(f"cannot import ruleset module: {type(exc).__name__}: {exc}", source=module_name) from exc


def _package_file(module: ModuleType) -> Traversable:
    if hasattr(module, "__path__"):
        return resources.files(module).joinpath(RULESET_FILE)
    if module.__package__:
        return resources.files(module.__package__).joinpath(RULESET_FILE)
    return Path(str(module.__file__)).parent / RULESET_FILE


def installed_source(info: EntryPointInfo) -> RulesetSource:
    """The source of an installed ruleset: ``ruleset.yaml`` next to its module."""
    module = import_plugin(info.module)
    traversable = _package_file(module)
    location = str(traversable)

    def read() -> str:
        try:
            return traversable.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RulesetError(f"cannot read {RULESET_FILE} of module {info.module}: {exc}", source=location) from exc

    return RulesetSource(id=info.id, location=location, read=read, module=lambda: module)


def file_source(path: str | Path) -> RulesetSource:
    """A ruleset file that is not installed (a house rule); it has no plugin module."""
    file = Path(path)

    def read() -> str:
        data = read_bounded(file, MAX_BYTES, what="the rule file", error=RulesetError)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise RulesetError(f"not UTF-8 text (byte {exc.start}); a ruleset file is UTF-8 YAML", source=str(file),
                               place=f"line {line}") from None

    return RulesetSource(id=None, location=str(file), read=read)


class InstalledCatalog(Mapping[str, RulesetSource]):
    """The installed rulesets as a mapping id -> source; modules are imported on first lookup."""

    def __init__(self) -> None:
        self._sources: dict[str, RulesetSource] = {}

    def __getitem__(self, ruleset_id: str) -> RulesetSource:
        if ruleset_id not in self._sources:
            info = available()[ruleset_id]
            self._sources[ruleset_id] = installed_source(info)
        return self._sources[ruleset_id]

    def __iter__(self) -> Iterator[str]:
        return iter(available())

    def __len__(self) -> int:
        return len(available())

    def __contains__(self, ruleset_id: object) -> bool:
        return ruleset_id in available()
