"""The ``example_sixteen_tiles`` ruleset: its ``ruleset.yaml`` is beside this module."""
