"""Optional rule mechanisms that cut across scoring families, one plugin module each.

Each module contributes one :class:`~mahjong_core.plugin.Contribution`
of kind ``mechanism`` through ``mahjong_contributions`` and is declared in the ``mahjong_core.plugins``
entry-point group; a game registers it only where the ruleset's data
switches it on, so a ruleset without Charleston or a chow pause neither pays
for nor reads those rules:

* :mod:`.tile_exchange` -- Charleston, Sichuan's three tiles of one suit and the partner exchange (``tile_exchange``);
* :mod:`.robbing_kong` -- taking a kong's tile for mahjong (``robbing_kong``);
* :mod:`.calling_hand` -- the calling-hand rule (``calling_hand_rule``);
* :mod:`.seated_timing` -- the table clock's limits and timeouts (``timing``, ``timeout``);
* :mod:`.chow_pause` -- Piter's pause before a chow (``timing.chow_pause_seconds``);
* :mod:`.pair_play` -- partners sharing a result (``pairs``);
* :mod:`.false_mahjong` -- what a wrongly declared mahjong costs (``wrong_mahjong``);
* :mod:`.late_pung` -- a pung or kong of a discard after the next draw (``pung_claim_until_next_discard``);
* :mod:`.count_correction` -- a hand of the wrong size put right at its turn (``dead_hand.correction``);
* :mod:`.abortive_draws` -- a deal ended by nine terminals, four winds, four kongs or a triple ron (``abortive_draws``);
* :mod:`.missing_suit` -- Sichuan's declared missing suit, discarded first and never won on (``missing_suit``);
* :mod:`.kong_money` -- points paid the moment a kong stands, Sichuan's wind and rain (``kong_money``);
* :mod:`.end_of_deal_checks` -- what the hands still in play pay when the wall runs out (``end_of_deal_checks``);
* :mod:`.ready_payments` -- riichi's ready-hand payments at an exhaustive draw (``ready_payments``);
* :mod:`.dealer_repeat` -- the dealer's repeat and its counter, riichi's renchan and honba (``dealer_repeat``);
* :mod:`.game_end` -- the end of a game for points: target, extension, below zero, the last dealer stopping
  (``game_end``);
* :mod:`.placement` -- the pot left, the oka and the uma by place at the game's end (``placement_payments``);
* :mod:`.riichi_declaration` -- riichi's declaration, its lock, its stick and the pot, and the facts ippatsu, double
  riichi, tenhou and chiihou (``riichi_declaration``);
* :mod:`.open_declaration` -- the exposed ready declaration: riichi's declaration with the hand then shown face up
  to every seat, locked, its waits kept from the others' discards (``riichi_declaration.exposed``);
* :mod:`.furiten` -- no win on a discard when a wait was discarded or let go by (``furiten``);
* :mod:`.dora_indicators` -- dora indicators from a dead wall of fourteen, kan-dora and ura-dora
  (``dora_indicators``);
* :mod:`.sacred_discard` -- no win on another seat's tile of a kind the seat itself discarded (``sacred_discard``);
* :mod:`.swap_calling` -- no discard, right after a chow or pung, of the kind claimed or the run's other end: riichi's
  kuikae (``swap_calling``);
* :mod:`.bites` -- points paid the moment a seat shows its own flower and season, a group of four or an animal pair
  (Singapore's and Malaysia's bites, ``bites``), and a predator capturing its prey from another seat's row;
* :mod:`.pays_for_all` -- one seat paying the whole of a win it is liable for: a robbed kong, the discard that gave
  the third dragon set, the fourth wind set or a tile of a one-suit (or all-honours) hand already shown (pao,
  ``pays_for_all``);
* :mod:`.pao_exceptions` -- a discarder excused from paying for all: left no safe tile ("no choice", his hand shown),
  or himself waiting on a big hand (``pays_for_all``'s ``no_choice`` and ``waiting_discarder``);
* :mod:`.locked_hand` -- a locked hand, the one lock riichi's declaration and a winner who stays in play share: only
  a win, the discard of the tile drawn and the kongs allowed (``winners_hand_locked``);
* :mod:`.bonus_declaration` -- a tile of a named kind set aside by choice, replaced from the dead wall and counted
  as a dora, three-player riichi's North (``bonus_declaration``);
* :mod:`.joker_declaration` -- a joker held declared by choice, set aside as a bonus tile, replaced from the dead
  wall and scored with the bonus tiles, Vietnamese jokers for Phán (``joker_declaration``);
* :mod:`.bonus_kept` -- a bonus tile kept in the hand by choice, set aside later and replaced, or discarded,
  Vietnamese flowers (``bonus_kept``, the core's rule);
* :mod:`.flower_hands` -- all eight flowers and seasons a win in itself, seven robbing the eighth or taking it from
  its holder (``flower_hands``);
* :mod:`.no_bonus_payment` -- a seat dealt no bonus tile paid by the others at the deal (``no_bonus_payment``);
* :mod:`.dice_pair` -- a deal whose wall-breaking throw is a pair paid double (``dice_pair_doubles``);
* :mod:`.card_hands` -- a card of fixed hands read from the file the ruleset names, its mistakes reported as the
  ruleset loads (``card``).

Beside them, :mod:`.sichuan_settlement` contributes a settlement (chosen by ``settlement: sichuan``): each win
paid as it happens, then the end-of-deal checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from mahjong_core.plugin import Ruleset, Table, load_schema, ruleset_hooks


@lru_cache(maxsize=1)
def _schemas() -> dict[str, Any]:
    return load_schema(__name__, "parameters.schema.json")


def parameters_of(mechanism: str) -> dict[str, Any]:
    """The JSON Schema of one mechanism's parameters (one file for all of them: ``parameters.schema.json``)."""
    return _schemas()["$defs"][mechanism]


def discard_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int) -> dict[str, Any]:
    """The facts of a win on a discard of ``tile`` as a game's plugins give them, with no situation counted: what
    a mechanism scores a supposed win by (an unready hand's check at a deal's end, a discarder's own big wait)."""
    merged: dict[str, Any] = {}
    parts: Sequence[Mapping[str, Any]] = ruleset_hooks(ruleset).mahjong_win_context(
        ruleset=ruleset, table=table, seat=seat, tile=tile, how="discard")
    for part in reversed(parts):
        merged.update(part)
    merged.update(winner=True, last_tile=False)
    return merged
