"""The words a log is written in: named in its header, checked against the plugins installed where it is read.

A game whose plugins add words (:mod:`mahjong_core.plugin.vocabulary`) writes
in its header which plugin declared each word, and what each of its event types
does to the table (``vocabulary``; absent where a game uses the core's words
only, so such a log is written as it always was).  A reader that only folds
and shows the log needs nothing more; one that checks it -- ``replay``,
``audit`` -- needs the plugins, and where one is missing says in one line which
to install, rather than rejecting the first word it does not know.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import ReplayError
from mahjong_core.plugin import extensions
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.contributions import Contribution
from mahjong_core.plugin.vocabulary import GameVocabulary, event_schema
from mahjong_core.reading.strict_json import canonical
from mahjong_core.table.vocabulary import Term

if TYPE_CHECKING:
    from mahjong_core.plugin.extensions import Extensions
    from mahjong_core.reading.schema_compile import Checker
    from mahjong_core.rules import Ruleset


def header_vocabulary(ruleset: Ruleset) -> dict[str, Any] | None:
    """What a log of ``ruleset`` says in its header of the words its plugins add (``None``: the core's only)."""
    return bind(ruleset).vocabulary.header()


def _named(head: Mapping[str, Any]) -> Mapping[str, Any]:
    found = head.get("vocabulary")
    return found if isinstance(found, Mapping) else {}


def missing(head: Mapping[str, Any], source: str) -> None:
    """Refuse, in one line, a log naming a vocabulary no installed plugin declares: say which to install.

    :raises ReplayError: at line 1.
    """
    installed = extensions.installed()
    for name, entry in sorted(_named(head).items()):
        if name in installed.vocabularies:
            continue
        dist = entry.get("distribution") if isinstance(entry, Mapping) else None
        version = entry.get("version") if isinstance(entry, Mapping) else None
        plugin = f"the distribution {dist} {version}" if dist else "its plugin"
        raise ReplayError(f"the log uses the vocabulary {name!r} of a plugin that is not installed here: install "
                          f"{plugin} to replay or audit it", source=source, place="line 1")


def check_header(head: Mapping[str, Any], ruleset: Ruleset, source: str) -> None:
    """The header's vocabulary is the one the ruleset's plugins declare here (none for the core's words only).

    :raises ReplayError: at line 1, naming the plugin to install or what differs.
    """
    missing(head, source)
    logged = head.get("vocabulary")
    here = header_vocabulary(ruleset)
    if logged == here:
        return
    if here is None:
        raise ReplayError(f"the header names the vocabularies {', '.join(sorted(_named(head)))}, but no plugin the "
                          f"ruleset {ruleset.id} plays with here declares any words", source=source, place="line 1")
    if logged is None:
        raise ReplayError(f"the header names no vocabulary, but the ruleset {ruleset.id} plays here with the words "
                          f"of {', '.join(sorted(here))}", source=source, place="line 1")
    for name in sorted(set(here) | set(logged)):
        if here.get(name) != logged.get(name):
            raise ReplayError(f"the header's vocabulary {name!r} is {canonical(logged.get(name))}, but here its "
                              f"plugin declares {canonical(here.get(name))}", source=source, place="line 1")


def event_checker(head: Mapping[str, Any], base: Mapping[str, Any] | str) -> Checker | None:
    """The event schema a log's header calls for; ``None`` for a log of the core's words only (the replay schema's
    own event part serves it).

    :param base: the replay schema, or its canonical text (which a caller reading many logs makes once: the
        schema's serialisation is most of this function's work).

    Each vocabulary the header names extends the schema with its installed plugin's words and their fields; a
    vocabulary whose plugin is not installed here, with the words the header lists, their fields unchecked:
    such a log can still be read and shown, and :func:`missing` is what refuses to check it against its rules.
    """
    named = _named(head)
    if not named:
        return None
    installed = extensions.installed()
    here = tuple(sorted(n for n in named if n in installed.vocabularies))
    absent = canonical({n: named[n] for n in sorted(named) if n not in installed.vocabularies})
    return _checker(installed, here, absent, base if isinstance(base, str) else canonical(base))


@lru_cache(maxsize=16)
def _checker(installed: Extensions, here: tuple[str, ...], absent: str, base_text: str) -> Checker:
    """The composed checker, once per set of installed plugins and of vocabularies named."""
    from mahjong_core.reading.schema_compile import Checker  # deferred: as the replay schema's own checker

    schema = json.loads(base_text)
    declared = [installed.vocabularies[n] for n in here]
    for name, entry in json.loads(absent).items():
        words = [Term(kind, word, actor=str(spec.get("actor", "table")) if isinstance(spec, Mapping) else "table")
                 for kind in ("action", "way", "phase", "event")
                 for word, spec in (entry.get(f"{kind}s") or {}).items()] if isinstance(entry, Mapping) else []
        declared.append(Contribution("vocabulary", name, None, terms=tuple(words)))
    vocabulary = GameVocabulary(tuple(declared), installed.distributions)
    return Checker(event_schema(schema["$defs"]["event"], vocabulary), schema["$defs"])
