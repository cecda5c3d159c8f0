"""A wrongly declared mahjong: its fine, who receives it, and who may end the deal for it (003 line 8).

Switched on by the ``wrong_mahjong`` parameter; without it a false
declaration is simply an illegal action.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, FalseWinPenalty, Payment, Ruleset, Table, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    return bool((ruleset.raw_tables.get("parameters", {}).get("wrong_mahjong") or {}).get("value"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "false_mahjong", sys.modules[__name__], switched_on=switched_on,
                         description="a fine for a wrongly declared mahjong, and the wronged side's choice to end the "
                                     "deal",
                         parameters=parameters_of("false_mahjong"))]


@hookimpl
def mahjong_false_win(ruleset: Ruleset, table: Table, seat: int) -> FalseWinPenalty | None:
    """The ``wrong_mahjong`` rule: a fixed fine to each wronged player, or a fraction of the limit.

    With pair play each player of the guilty pair pays ``limit_fraction`` of the
    usual limit, shared equally by the wronged players (assumption: the seed
    names the fine, not its payee; paying it to the wronged side keeps the
    game zero-sum).  The wronged player next in turn chooses for its pair
    whether the deal ends.
    """
    spec = ruleset.raw_tables["parameters"]["wrong_mahjong"]["value"]
    team = next((tm for tm in table.teams if seat in tm), [seat])
    guilty = list(team) if spec.get("paid_by") == "both_partners" else [seat]
    wronged = [s for s in range(table.players) if s not in team]
    payments = []
    if "points" in spec:  # a fixed fine to each wronged player
        payments = [Payment(payer, payee, int(spec["points"]), "wrong mahjong") for payer in guilty
                    for payee in wronged]
    else:
        fine = int(round((ruleset.value("usual_limit") or 0) * float(spec["limit_fraction"])))
        for payer in guilty:
            share, rest = divmod(fine, len(wronged))
            for i, payee in enumerate(wronged):
                amount = share + (1 if i < rest else 0)
                if amount:
                    payments.append(Payment(payer, payee, amount, "wrong mahjong"))
    chooser = None
    if spec.get("wronged_pair_may_end_deal"):
        chooser = min(wronged, key=lambda s: (s - seat) % table.players)
    return FalseWinPenalty("wrong_mahjong", tuple(payments), chooser)
