"""The bundled rulesets: one package per ruleset id, its rules in ``ruleset.yaml`` beside its ``__init__``."""
