"""A live game server: people play against bots (or each other) in a browser, on the engine that simulates
and replays games.

:mod:`.app` is the web application, :mod:`.live` a table's engine thread and
views, :mod:`.seats` the players that sit at a live table, :mod:`.protocol`
the checks every client message passes, :mod:`.store` the files a table
keeps (its replay log and its seat tokens' hashes) and :mod:`.serve` the
command that runs it all (``mahjong serve``, ``mahjong play``).
"""
