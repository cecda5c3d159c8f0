"""A test ruleset package: Sichuan's missing suit declared and enforced (its tiles go first), by the test plugin
``mahjong_missing_suit`` beside this folder; its ``ruleset.yaml`` holds the rule, this module no code.

Installed (an entry point of the group ``mahjong_core.rulesets``) so that a live server, which offers only
installed rulesets, can seat a person at it (``tests/server/test_refused_options_browser.py``).
"""
