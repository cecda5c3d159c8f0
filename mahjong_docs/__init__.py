"""The rules as documentation: pages generated from the ruleset data, example hands scored as pages are built.

Kept apart from :mod:`mahjong_core`, which plays, replays and audits games
and never needs Sphinx: :mod:`.pages` turns resolved rulesets into
reStructuredText, :mod:`.examples` evaluates the example hands a page
quotes, :mod:`.sphinx_ext` is the Sphinx extension that does both at build
time, and :mod:`.build` writes and builds a players' site (``mahjong docs``).
"""
