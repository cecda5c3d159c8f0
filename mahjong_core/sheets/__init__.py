"""Score sheets: games played on a physical table, as a person writes them down, checked by the rules.

A club's table keeps a sheet, not a log: per deal, who was East, every
hand as it was laid down, who won with which tile and how, and the scores
they wrote.  This package reads such a sheet (:mod:`.read`), re-enacts it
through the engine's own hooks (:mod:`.game`), names every figure the rules
do not give (:mod:`.compare`), and turns a sheet that agrees into the
canonical, sealed replay log of the game (:mod:`.record`).  The format is
documented in ``docs/score-sheets.md``.
"""

from mahjong_core.sheets.read import Sheet, SheetDeal, SheetError, is_sheet_path, read_sheet

__all__ = ["Sheet", "SheetDeal", "SheetError", "is_sheet_path", "read_sheet"]
