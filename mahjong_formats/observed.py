"""An imported game whose tiles are taken as observed (no wall seed), its record's dealer held to the rules'.

A record without a seed (mjai, Botzone) gives the tiles dealt and drawn; some
also name each deal's dealer and show the dora indicators (which
:class:`mahjong_core.MovesScript` gives the observed wall).  A deal whose
recorded dealer is not the one the rules seat is refused at the deal, with
both named, rather than at a confusing first draw by the wrong seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_core import MovesScript

if TYPE_CHECKING:
    from mahjong_core import Game

__all__ = ["ObservedScript"]


class ObservedScript(MovesScript):
    """The moves of an imported game taken as observed, each deal's recorded dealer checked."""

    def wall(self, game: Game) -> Any:
        number = game.table.deal_number
        if number >= len(self.deals):
            raise self.locate(f"by the rules the game goes on to deal {number + 1}, but the record ends after "
                              f"{len(self.deals)}", self.deals[-1].path)
        deal = self.deals[number]
        dealer = getattr(deal, "dealer", None)
        if dealer is not None and dealer != game.table.dealer:
            raise self.locate(f"the record's dealer is seat {dealer}; by the rules seat {game.table.dealer} deals "
                              "this deal", deal.path)
        return super().wall(game)
