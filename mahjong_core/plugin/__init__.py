"""The plugin layer: hook specs, the plugin manager, the registries of families, settlements and mechanisms.
"""
