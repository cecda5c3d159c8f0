"""Dangerous-discard penalties (000 "Пенальти", 001 "Штрафы")."""

from __future__ import annotations

from typing import Any

from .table import Outcome, Penalty, Table


def dangerous_discard_penalty(ruleset: Any, table: Table, outcome: Outcome) -> Penalty | None:
    """The penalty that fires for this outcome, if any (being written: returns None for now)."""
    return None
