"""Shanghai (Шанхайские, ШХ): Harbin with larger limits and the bank, seed 000.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
