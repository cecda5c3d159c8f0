"""A third-party house ruleset for mahjong-core: the Harbin game at a table of three, chows from the left.

Everything it changes is data (``ruleset.yaml`` next to this module): the
seat count, and the chow rule restated for three seats.  The core gives
three seats their geometry -- who a claimed tile came from as an offset
round a table of three, seat winds East, South and West, a wall of three
sides, a round of three deals -- so no hook is needed.  It is installed
through the ``mahjong_core.rulesets`` entry point in this package's
``pyproject.toml``.
"""

from __future__ import annotations

__version__ = "1.0.0"
