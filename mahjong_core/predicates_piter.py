"""Predicates that only the Piter (seed 003) scoring tables name.

They register into :data:`mahjong_core.predicates.PREDICATES` like every
other predicate, so a table naming one of them validates the same way.
"""

from __future__ import annotations
