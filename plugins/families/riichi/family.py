"""The riichi family's plugin: yaku, dora and fu counted into han and fu, then base points and payments.

Registered in the ``mahjong_core.plugins`` entry-point group as ``riichi``,
exactly as a third party's family would be; a ruleset chooses it with
``scoring.family: riichi`` and ``settlement: riichi``.  Everything riichi is in
this folder: the division of a hand (:mod:`.divide`), the tables read from the
ruleset (:mod:`.tables`), the arithmetic (:mod:`.evaluate`), the situation and
the score (:mod:`.scoring`), the score card's steps (:mod:`.card`) and the
settlement (:mod:`.settlement`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.riichi import forms
from mahjong_rulesets.families.riichi import settlement as riichi_settlement
from mahjong_rulesets.families.riichi.card import explain_total
from mahjong_rulesets.families.riichi.pao import liable_seat, note_kong_claim
from mahjong_rulesets.families.riichi.tables import FAMILY, rules_of

from mahjong_core.plugin import (
    Arrangement,
    Contribution,
    FactsRead,
    Hand,
    ItemExample,
    Ruleset,
    Score,
    Table,
    TotalSteps,
    hookimpl,
    reacts_to,
)

# The scoring modules (yaku, fu, the division of a hand) are imported by the hooks that score: every installed family
# is imported at each command's start, where its contributions are read, and importing them there cost a command
# that never scores a riichi hand (`mahjong score --ruleset mcr`) 8.7M of its 980M instructions (callgrind).
UNITS = {"han": "han", "fu": "fu", "yakuman": "yakuman"}
#: What riichi players call a win by the way it is made (Japanese Mahjong Wiki, "Tsumo" and "Ron"; EMA 2016
#: rules section 3.3.12 speaks of a win on a discard and a self-drawn win): a self-drawn win, a replacement tile's
#: included, is tsumo (rinshan kaihou on a kong's tile), a win on another's tile ron (chankan on a robbed kong).
#: And a North set aside at a three-player table (the bonus_declaration mechanism's action) is kita (Japanese
#: Mahjong Wiki, "Sanma", section North).
WORDS = {"self_drawn": "tsumo", "replacement": "tsumo", "discard": "ron", "robbing_kong": "ron",
         "declare_bonus": "kita"}


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("family", FAMILY, sys.modules[__name__], units=UNITS,
                         description="riichi: yaku and dora in han, fu, base points, limits and payments (ema_2016)",
                         hand_sizes=frozenset({13}),  # four sets and a pair (and seven pairs, thirteen orphans)
                         words=WORDS, examples=_worked_hands),
            Contribution("settlement", "riichi", riichi_settlement,
                         description="the discarder pays the hand, or every loser a share of a self-drawn one",
                         several_wins=frozenset({"one_discard"})),
            *forms.contributions(sys.modules[__name__])]


def _worked_hands() -> Sequence[ItemExample]:
    """A worked example hand of each row of the family's tables, which the docs show and execute."""
    from mahjong_rulesets.families.riichi.worked_hands import examples  # deferred: the docs alone ask (above)

    return examples()


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    from mahjong_rulesets.families.riichi.scoring import score  # deferred: start-up (above)

    return score(ruleset, hand, context)


@hookimpl
def mahjong_minimum_figures(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Mapping[str, int]:
    from mahjong_rulesets.families.riichi.scoring import minimum_figures  # deferred: start-up (above)

    return minimum_figures(ruleset, hand, context)


@hookimpl
def mahjong_score_figures(ruleset: Ruleset, figures: Mapping[str, Any], context: Mapping[str, Any]) -> Score:
    from mahjong_rulesets.families.riichi.figures import score_figures  # deferred: start-up (above)

    return score_figures(ruleset, figures, context)


@hookimpl
def mahjong_score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any],
                          arrangement: Arrangement) -> Score:
    from mahjong_rulesets.families.riichi.scoring import score_reading  # deferred: start-up (above)

    return score_reading(ruleset, hand, context, arrangement)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    rules_of(ruleset)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    from mahjong_rulesets.families.riichi.scoring import facts_read  # deferred: start-up (above)

    return facts_read(ruleset)


@hookimpl
def mahjong_explain_total(score: Mapping[str, Any], units: Mapping[str, str],
                          label: Callable[[str], str]) -> TotalSteps:
    return explain_total(score, units, label)


def _kong_claims(ruleset: Ruleset) -> frozenset[str]:
    """The claims the family notes: where four kongs carry liability (:func:`.pao.note_kong_claim`), else none."""
    return frozenset({"claim"}) if "suukantsu" in rules_of(ruleset).liable else frozenset()


@hookimpl
@reacts_to(_kong_claims)
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> None:
    """Note a kong claimed from a discard, as it is logged, for the liability of four kongs; adds no event."""
    if event.get("kind") == "kong":
        note_kong_claim(table, int(event["seat"]), int(event["discarder"]))


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any] | None:
    """The ``pao`` fact: the seat wind of the player liable for the winner's yakuman among those the ruleset's yaku
    table says carry liability (:mod:`.pao`), which the scoring charges for them."""
    names = rules_of(ruleset).liable
    liable = liable_seat(table, seat, names) if names else None
    if liable is None:
        return None
    return {"pao": 27 + (liable - table.dealer) % table.players}
