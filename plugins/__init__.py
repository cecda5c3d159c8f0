"""The bundled plugins, installed as ``mahjong_rulesets``, in folders by kind.

- ``families/``: the scoring families (classical, Hong Kong, MCR), each a
  plugin registered in the ``mahjong_core.plugins`` entry-point group;
- ``mechanisms/``: rules that cut across families (tile exchanges, robbing
  kongs, seated timing, pair play, ...), each switched on by a ruleset's data;
- ``hands/``: the named hands several families share;
- ``rulesets/``: one package per bundled ruleset, its rules in ``ruleset.yaml``
  and Python only where a ruleset needs a hook the data cannot express, each
  registered in the ``mahjong_core.rulesets`` entry-point group;
- ``examples/``: third-party-style packages, each installed from its own folder.

Every plugin here is found through entry points exactly as a third party's
would be, and imports the core only through :mod:`mahjong_core` and
:mod:`mahjong_core.plugin`.
"""
