"""Re-playing and auditing a recorded game, whoever recorded it: bots, people at a live table, a club's score sheet.

Above both the log (:mod:`mahjong_core.log`) and the score sheets
(:mod:`mahjong_core.sheets`), because it reads either: a played game's log is
re-played through the engine that wrote it (:mod:`.check`), a score sheet's
log by re-enacting its revealed deals (:class:`mahjong_core.sheets.game.SheetGame`),
and a sheet itself is audited by recording it first (:mod:`.sheet`).
:mod:`.report` turns a verdict into the facts a reader wants (each hand's
score, each payment and why).
"""
