"""The riichi scoring family: yaku and yakuman, dora, fu, han and fu to base points, limits and payments."""
