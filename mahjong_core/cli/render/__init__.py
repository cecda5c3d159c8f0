"""Text (and HTML pages) for a person at a terminal, made from the facts the core's reports hold.

The core's reports (:mod:`mahjong_core.hand.report`, :mod:`mahjong_core.audit.report`)
are data, so a program, the server and the docs read the same facts; how the
``mahjong`` command lays them out for a reader lives here, one module a report.
"""
