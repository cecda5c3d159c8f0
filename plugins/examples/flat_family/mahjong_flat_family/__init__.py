"""An example third-party scoring family for mahjong-core: flat points per set, and its own settlement.

* :mod:`.predicates` -- the ``flat_`` predicates the family's tables name;
* :mod:`.scoring` -- the engine (points per set, doubled when concealed, points for going out);
* :mod:`.settlement` -- the ``flat`` settlement (each loser pays the winner's points, the discarder more);
* :mod:`.family` -- the plugin mahjong-core finds through the ``mahjong_core.plugins`` entry point;
* :mod:`.flat_demo` -- the ``flat_demo`` ruleset, ``chinese_classical`` scored and settled the flat way.

Everything here uses public names of ``mahjong_core`` only, as any third party's family would.
"""

__version__ = "1.0.0"
