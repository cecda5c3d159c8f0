"""The ``red_fives`` family and the ``per_point`` settlement: a win's value is a point for going out and a point
for each red five in the winning hand, paid at so much a point.

Not riichi's scoring (no yaku, fu or dora): the least a family must do to show that a marked copy -- a red five,
``0m``/``0p``/``0s`` -- plays as its five and scores apart.  The hand a family is given lists the marked copies it
holds, concealed or melded (``Hand.marked``), so the count is read there, not guessed from the tiles.

* the family (``scoring.family: red_fives``) scores the winner only: ``scoring.win`` points, and
  ``scoring.red_five`` points for each red five; a loser's hand scores 0;
* the settlement (``settlement: per_point``): the winner's points times ``scoring.per_point``, from the
  discarder alone on a discard (or a robbed kong), from every other seat on a self-drawn win; nothing on a draw.

Registered through this package's ``mahjong_core.plugins`` entry point, as any third party's family is.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import (
    Contribution,
    FactsRead,
    Hand,
    HandError,
    Outcome,
    Payment,
    Ruleset,
    RulesetError,
    Score,
    ScoreItem,
    Table,
    arrangements,
    hookimpl,
    scoring_value,
)

FAMILY = "red_fives"
SETTLEMENT = "per_point"
#: The keys of the ``scoring`` section this family and its settlement read.
KEYS = ("family", "win", "red_five", "per_point")


def stake(ruleset: Ruleset, key: str) -> int:
    """A whole number >= 0 of the ``scoring`` section, or a load error naming its place."""
    try:
        value = scoring_value(ruleset, key)
    except RulesetError as exc:
        raise RulesetError(f"{exc.message}, which the {FAMILY} family reads", source=ruleset.location,
                           place=exc.place) from None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RulesetError(f"scoring.{key} must be a whole number >= 0, got {value!r}", source=ruleset.location,
                           place=f"$.scoring.{key}.value")
    return value


def check(ruleset: Ruleset) -> None:
    """The ``scoring`` keys read, and nothing the family would ignore (a table of rows, an unknown key).

    :raises RulesetError: at the first value the family cannot use.
    """
    for table in ("points", "doublings", "fans", "limit_hands"):
        if ruleset.table(table):
            raise RulesetError(f"the {FAMILY} family reads no {table} table; it has rows", source=ruleset.location,
                               place=f"$.{table}")
    unknown = sorted(set(ruleset.raw_tables.get("scoring", {})) - set(KEYS))
    if unknown:
        raise RulesetError(f"the {FAMILY} family reads scoring.{', scoring.'.join(KEYS[1:])}; "
                           f"{', '.join(unknown)} would be ignored", source=ruleset.location,
                           place=f"$.scoring.{unknown[0]}")
    for key in KEYS[1:]:
        stake(ruleset, key)


def score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """The winner's points: one item for going out, one for the red fives it holds (a loser scores 0).

    :raises HandError: when the winner's hand is not complete.
    """
    if not context.get("winner", True):
        return Score(0, FAMILY)
    readings = list(arrangements(hand))
    if not readings:
        raise HandError(f"the {FAMILY} family scores a complete hand; these {hand.tile_count()} tiles are not one",
                        place="hand")
    source = str(ruleset.source_of("scoring.win"))
    items = [ScoreItem("win", "points", stake(ruleset, "win"), 1, source)]
    red = len(hand.marked)
    if red and stake(ruleset, "red_five"):
        items.append(ScoreItem("red_five", "points", stake(ruleset, "red_five"), red,
                               str(ruleset.source_of("scoring.red_five"))))
    total = sum(item.value * item.count for item in items)
    return Score(total, FAMILY, tuple(items), arrangement=readings[0], raw={"red_fives": red})


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("family", FAMILY, this,
                         description="a point for going out and a point for each red five held (riichi's red "
                                     "fives scoring apart, not riichi's scoring)"),
            Contribution("settlement", SETTLEMENT, this,
                         description="the winner's points at so much a point, from the discarder alone or from "
                                     "every other seat on a self-drawn win")]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """A hand of a ``red_fives`` ruleset."""
    return score(ruleset, hand, context)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """The scoring values read at load time, so a bad one is reported by ``mahjong rules validate``."""
    check(ruleset)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    """Whether the win was self-drawn: not for its points but for who pays them (the settlement); no wind, no
    other situation counts."""
    return FactsRead(frozenset({"self_drawn"}), None,
                     f"the {FAMILY} family scores the winner's hand only; a loser's is 0")


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The deal's payments (see the module docstring)."""
    if outcome.kind != "win" or outcome.winner is None:
        return []
    winner = outcome.winner
    points = outcome.scores[winner].total if winner in outcome.scores else 0
    amount = points * stake(ruleset, "per_point")
    if amount <= 0:
        return []
    reason = f"{SETTLEMENT}: {points} point{'' if points == 1 else 's'}"
    if outcome.discarder is not None:
        return [Payment(outcome.discarder, winner, amount, f"{reason} (discarder)")]
    return [Payment(seat, winner, amount, f"{reason} (self-drawn)") for seat in range(table.players) if seat != winner]
