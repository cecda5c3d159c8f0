"""Three-player riichi as Tenhou plays its ranked games (sanma): 108 tiles, no chow, North set aside as a dora.

Data only: the rules are in ``ruleset.yaml`` next to this module, laid over ``riichi_tenhou``'s; the play is the
bundled mechanisms' (``bonus_declaration`` for the North, ``dora_indicators`` with eight replacement tiles, and
the riichi mechanisms of the four-player ruleset), the scoring the riichi family's, which pays a self-drawn win
at three seats with or without the missing seat's share (``scoring.payments.self_draw_loss``).
"""
