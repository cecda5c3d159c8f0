"""An example third-party package for mahjong-core: Taiwanese 16-tile hands, eight flowers, tai and a base.

* :mod:`.predicates` -- the ``tai_`` predicates the family's table names;
* :mod:`.scoring` -- the ``tai`` family's engine (tai added up, no doublings);
* :mod:`.settlement` -- the ``base_plus_tai`` settlement (a base plus so much per tai);
* :mod:`.family` -- the plugin mahjong-core finds through the ``mahjong_core.plugins`` entry point: it
  contributes the family and the settlement, and answers "is this hand complete?" for eight flowers;
* :mod:`.ruleset` -- the ``example_sixteen_tiles`` ruleset (16 tiles a hand: five sets and a pair).

Everything here uses public names of ``mahjong_core.plugin`` only, as any third party's package would.
"""

__version__ = "1.0.0"
