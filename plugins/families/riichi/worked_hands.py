"""A worked example hand of every row of the riichi family's tables: each yaku and yakuman, each dora, each fu.

The hands are of this project's own making, written in the notation with the
situation as ``!flags`` (and the dora indicators as facts), so that
``mahjong score --ruleset riichi_tenhou HAND`` scores each one as the docs do.
The docs (the family's ``examples`` contribution) show, on the page of each
riichi ruleset, every row its table plays with the first example its tiles
can make, scored as the page is built, and the build fails when that score
does not hold the row's item; ``tests/plugins/families/riichi/test_riichi_worked_hands.py``
holds every hand's han and fu to the ``mahjong`` library.

Each hand is kept to the row it shows where it can be: a few cannot help
holding another yaku (three concealed pungs in four), which the score lists too.
The sentences say what a row asks of a hand in our own words; the source of
each value is the ruleset's row, shown beside it.
"""

from __future__ import annotations

from mahjong_core.plugin import ItemExample

__all__ = ["EXAMPLES", "examples"]

_YAKU, _YAKUMAN, _DORA, _FU = "Yaku", "Yakuman", "Dora", "Fu"


def _yaku(key: str, hand: str, about: str, **facts: object) -> ItemExample:
    return ItemExample(f"scoring.yaku.{key}", hand, facts, (), about, _YAKU)


def _yakuman(key: str, hand: str, about: str, **facts: object) -> ItemExample:
    return ItemExample(f"scoring.yaku.{key}", hand, facts, (), about, _YAKUMAN)


def _fu(key: str, item: str, hand: str, about: str) -> ItemExample:
    return ItemExample(f"scoring.fu.{key}", hand, {}, (f"fu_{item}",), about, _FU)


def _also(row: str, hand: str, items: tuple[str, ...] = (), **facts: object) -> ItemExample:
    """Another example of a row, shown where a ruleset's tiles cannot make the first (its words are the first's)."""
    return ItemExample(row, hand, facts, items)


#: Every example, in the order the pages show them (a row's alternatives one after the other, the first that a
#: ruleset's tiles can make shown).
EXAMPLES: tuple[ItemExample, ...] = (
    # --- yaku, in the order of the family's table
    _yaku("riichi", "123m456p789s234s5p +5p !riichi",
          "The winner declared a ready concealed hand, paying a stick into the pot."),
    _yaku("double_riichi", "123m456p789s234s5p +5p !double_riichi",
          "The declaration was made with the winner's very first discard, before any call."),
    _yaku("ippatsu", "123m456p789s234s5p +5p !riichi !ippatsu",
          "Won within one go-around of the declaration, with no call in between."),
    _yaku("menzen_tsumo", "123m456p789s234s5p +5p !self_drawn",
          "A concealed hand that draws its own winning tile."),
    _yaku("pinfu", "123m456p789s23s55m +4s",
          "Concealed, four chows and a pair that earns no fu, won on a two-sided wait: no fu but the base."),
    _yaku("tanyao", "234m456p678s345s6p +6p",
          "Every tile a simple, from 2 to 8; no terminal and no honour."),
    _yaku("iipeikou", "223344m567p678s9p +9p",
          "Concealed, the same chow twice in one suit."),
    _yaku("haku", "555z123m456p789s1p +1p",
          "A pung (or kong) of white dragons."),
    _yaku("hatsu", "666z123m456p789s1p +1p",
          "A pung (or kong) of green dragons."),
    _yaku("chun", "777z123m456p789s1p +1p",
          "A pung (or kong) of red dragons."),
    _yaku("seat_wind", "222z123m456p789s1p +1p !seat_wind_south",
          "A pung of the winner's own seat wind (here South, in the East round)."),
    _yaku("round_wind", "111z123m456p789s1p +1p !seat_wind_south",
          "A pung of the round's wind (here East, for the South seat)."),
    _yaku("haitei", "123m456p789s234s5p +5p !self_drawn !haitei",
          "Won by drawing the last tile of the live wall."),
    _yaku("houtei", "123m456p789s234s5p +5p !houtei",
          "Won on the discard made after the last tile of the live wall was drawn."),
    _yaku("rinshan", "(1111m) 456p789s234s5p +5p !rinshan",
          "Won on the replacement tile drawn for one's own kong."),
    _yaku("chankan", "123m456p789s23s55m +4s !chankan",
          "Won on the tile another player adds to a pung to make a kong: the kong is robbed."),
    _yaku("chiitoitsu", "1122m3344p5566s7z +7z",
          "Concealed, seven different pairs."),
    _yaku("chanta", "123m789m123p999s2z +2z",
          "Every set and the pair hold a terminal or an honour, with at least one chow and one honour."),
    _yaku("ittsu", "123456789m234p5s +5s",
          "The chows 1-2-3, 4-5-6 and 7-8-9 of one suit."),
    _yaku("sanshoku", "123m123p123s456m9p +9p",
          "The same chow in each of the three suits."),
    _yaku("sanshoku_doukou", "222p222s456m9p [222m<] +9p",
          "A pung of the same number in each of the three suits."),
    _yaku("toitoi", "555s777s3z [111m^] [999p^] +3z",
          "Four pungs or kongs and a pair, no chow."),
    _yaku("sanankou", "111m444p777s234s9p +9p",
          "Three pungs made concealed (one completed on a discard is not concealed)."),
    _yaku("sankantsu", "234s9p (1111m) (4444p) [7777s^] +9p",
          "Three kongs, concealed or not."),
    _yaku("honroutou", "111m999p11z22z [999s^] +2z",
          "Every tile a terminal or an honour."),
    _yaku("shousangen", "555z666z77z123m45p +6p",
          "Pungs of two dragons and a pair of the third."),
    _yaku("honitsu", "123m345m678m111z9m +9m",
          "Tiles of one suit and honours only."),
    _yaku("junchan", "123m789m123p789s9s +9s",
          "Every set and the pair hold a terminal, with at least one chow and no honour."),
    _yaku("ryanpeikou", "223344m556677p9s +9s",
          "Concealed, two chows twice each; read so it scores more than the seven pairs its tiles also make."),
    _yaku("chinitsu", "1223344567999p +8p",
          "Tiles of one suit only."),
    _yaku("renhou", "123m456p789s234s5p +5p !renhou !seat_wind_south",
          "A player other than the dealer wins on a discard before his first draw, with no call made yet."),
    # --- yakuman
    _yakuman("kokushi", "19m19p19s123456z1m +7z",
             "Thirteen orphans: one of each terminal and honour, and a pair of one of them."),
    _yakuman("kokushi_13_wait", "19m19p19s1234567z +1m",
             "Thirteen orphans won on its thirteen-sided wait: all thirteen were held, the winning tile pairs one."),
    _yakuman("suuankou", "111m444p777s22z99s +9s !self_drawn",
             "Four concealed pungs (a pung completed on a discard would not be concealed, so this one is drawn)."),
    _yakuman("suuankou_tanki", "111m444p777s999s2z +2z",
             "Four concealed pungs won on the pair's tile."),
    _yakuman("daisangen", "555z666z777z123m9p +9p",
             "Pungs of all three dragons."),
    _yakuman("shousuushii", "111z222z333z44z12m +3m",
             "Pungs of three winds and a pair of the fourth."),
    _yakuman("daisuushii", "222z333z444z9m [111z^] +9m",
             "Pungs of all four winds."),
    _yakuman("tsuuiisou", "222z555z666z7z [111z^] +7z",
             "Honours only."),
    _yakuman("ryuuiisou", "223344666888s6z +6z",
             "Green tiles only: 2, 3, 4, 6 and 8 of bamboo and the green dragon."),
    _yakuman("chinroutou", "999m111p999p1s [111m^] +1s",
             "Terminals only."),
    _yakuman("chuuren", "1112345578999m +6m",
             "Nine gates: 1-1-1, 2 to 8 and 9-9-9 of one suit, concealed, with one more of the suit."),
    _yakuman("junsei_chuuren", "1112345678999m +5m",
             "Nine gates won on its nine-sided wait: the thirteen tiles before the win were the pure shape."),
    _yakuman("suukantsu", "5z (1111m) (2222p) [3333s^] [4444z^] +5z",
             "Four kongs."),
    _yakuman("tenhou", "123m456p789s234s5p +5p !tenhou !self_drawn",
             "The dealer's dealt hand is complete."),
    _yakuman("chiihou", "123m456p789s234s5p +5p !chiihou !self_drawn !seat_wind_south",
             "A player other than the dealer completes the hand with his first draw, with no call made yet."),
    _yakuman("renhou_yakuman", "123m456p789s234s5p +5p !renhou !seat_wind_south",
             "Renhou, where a ruleset pays it as a yakuman."),
    _yakuman("daisharin", "2233445566778p +8p",
             "Concealed, seven pairs of 2 to 8 of dots (of any suit, where a ruleset says so)."),
    _yakuman("daichisei", "1122334455667z +7z",
             "Seven pairs of the seven honours."),
    # --- dora
    ItemExample("scoring.dora.dora", "123m456p789s234s5p +5p !riichi", {"dora_indicators": "4p"}, (),
                "Each tile of the kind after an indicator (the indicator 4p makes 5p dora) is a han; no yaku.",
                _DORA),
    ItemExample("scoring.dora.aka_dora", "123m406p789s234s5p +5p !riichi", {}, (),
                "Each red five held (0p in the notation) is a han; no yaku.", _DORA),
    ItemExample("scoring.dora.ura_dora", "123m456p789s234s5p +5p !riichi",
                {"dora_indicators": "1z", "ura_dora_indicators": "4p"}, (),
                "A declarer's win also counts the tiles under the indicators, turned after the win.", _DORA),
    ItemExample("scoring.dora.nukidora", "111m123p456p789s9m +9m !riichi", {"nukidora": 1}, (),
                "At three players each North set aside is a han of dora; no yaku.", _DORA),
    # --- fu
    _fu("base", "base", "123m456p789s23s55m +4s !self_drawn",
        "Every hand's fu count starts from the base; a self-drawn pinfu counts nothing else."),
    _fu("closed_ron", "closed_ron", "123m456p789s234s5p +5p !riichi",
        "A concealed hand won on a discard."),
    _fu("tsumo", "tsumo", "123m456p789s234s5p +5p !self_drawn",
        "A self-drawn win (other than a pinfu's, where the ruleset says so)."),
    _fu("wait", "kanchan", "123m456p789s55m24s +3s !riichi",
        "A closed wait (here 2-4 waiting on 3), an edge wait or a wait on the pair's tile."),
    _fu("valued_pair", "valued_pair", "123m456p789s234s5z +5z !riichi",
        "A pair of dragons, or of the seat's or the round's wind."),
    _fu("double_valued_pair", "double_valued_pair", "123m456p789s234s1z +1z !riichi",
        "A pair of the wind that is both the seat's and the round's (East, for the dealer in the East round)."),
    _fu("pung", "open_pung", "234m678s345s6p [555p^] +6p",
        "A pung of simples called from a discard."),
    _fu("terminal_factor", "open_terminal_pung", "123m789s555z5s [999p^] +5s",
        "A pung of terminals or honours counts twice a pung of simples."),
    _fu("concealed_factor", "closed_pung", "555p123m789s234s5z +5z !riichi",
        "A concealed pung counts twice an open one."),
    _fu("kong_factor", "open_kong", "234m678s345s7p [4444p^] +7p",
        "A kong counts four times the pung."),
    _fu("open_pinfu", "open_pinfu", "456p678s34s55m [234m<] +5s",
        "An open hand of chows with no fu of its own is counted 30 fu, not 20."),
    _fu("seven_pairs", "chiitoitsu", "1122m3344p5566s7z +7z",
        "Seven pairs are counted a fixed 25 fu."),
    # --- the same rows without the characters 2 to 8, which a table of three does not play; shown only where
    # the tiles cannot make the example above (sanshoku and an open pinfu cannot be made at all there)
    _also("scoring.yaku.riichi", "123p456p789s234s5p +5p !riichi"),
    _also("scoring.yaku.double_riichi", "123p456p789s234s5p +5p !double_riichi"),
    _also("scoring.yaku.ippatsu", "123p456p789s234s5p +5p !riichi !ippatsu"),
    _also("scoring.yaku.menzen_tsumo", "123p456p789s234s5p +5p !self_drawn"),
    _also("scoring.yaku.pinfu", "123p456p789s23s55p +4s"),
    _also("scoring.yaku.tanyao", "234p456p678s345s6p +6p"),
    _also("scoring.yaku.iipeikou", "223344s567p678s9p +9p"),
    _also("scoring.yaku.haku", "555z123p456p789s1s +1s"),
    _also("scoring.yaku.hatsu", "666z123p456p789s1s +1s"),
    _also("scoring.yaku.chun", "777z123p456p789s1s +1s"),
    _also("scoring.yaku.seat_wind", "222z123p456p789s1s +1s !seat_wind_south"),
    _also("scoring.yaku.round_wind", "111z123p456p789s1s +1s !seat_wind_south"),
    _also("scoring.yaku.haitei", "123p456p789s234s5p +5p !self_drawn !haitei"),
    _also("scoring.yaku.houtei", "123p456p789s234s5p +5p !houtei"),
    _also("scoring.yaku.chankan", "123p456p789s23s55p +4s !chankan"),
    _also("scoring.yaku.chiitoitsu", "1199m3344p5566s7z +7z"),
    _also("scoring.yaku.chanta", "123p789p123s999m2z +2z"),
    _also("scoring.yaku.ittsu", "123456789p234s5s +5s"),
    _also("scoring.yaku.sanshoku_doukou", "111p111s456p9s [111m^] +9s"),
    _also("scoring.yaku.shousangen", "555z666z77z123s45p +6p"),
    _also("scoring.yaku.honitsu", "123p345p678p111z9p +9p"),
    _also("scoring.yaku.junchan", "123p789p123s789s9m +9m"),
    _also("scoring.yaku.ryanpeikou", "223344s556677p9s +9s"),
    _also("scoring.yaku.renhou", "123p456p789s234s5p +5p !renhou !seat_wind_south"),
    _also("scoring.yaku.daisangen", "555z666z777z123p9s +9s"),
    _also("scoring.yaku.shousuushii", "111z222z333z44z12p +3p"),
    _also("scoring.yaku.chuuren", "1112345578999p +6p"),
    _also("scoring.yaku.junsei_chuuren", "1112345678999p +5p"),
    _also("scoring.yaku.tenhou", "123p456p789s234s5p +5p !tenhou !self_drawn"),
    _also("scoring.yaku.chiihou", "123p456p789s234s5p +5p !chiihou !self_drawn !seat_wind_south"),
    _also("scoring.yaku.renhou_yakuman", "123p456p789s234s5p +5p !renhou !seat_wind_south"),
    _also("scoring.dora.dora", "123p456p789s234s5p +5p !riichi", dora_indicators="4p"),
    _also("scoring.dora.aka_dora", "123p406p789s234s5p +5p !riichi"),
    _also("scoring.dora.ura_dora", "123p456p789s234s5p +5p !riichi", dora_indicators="1z", ura_dora_indicators="4p"),
    _also("scoring.fu.base", "123p456p789s23s55p +4s !self_drawn", items=("fu_base",)),
    _also("scoring.fu.closed_ron", "123p456p789s234s5p +5p !riichi", items=("fu_closed_ron",)),
    _also("scoring.fu.tsumo", "123p456p789s234s5p +5p !self_drawn", items=("fu_tsumo",)),
    _also("scoring.fu.wait", "123p456p789s55p24s +3s !riichi", items=("fu_kanchan",)),
    _also("scoring.fu.valued_pair", "123p456p789s234s5z +5z !riichi", items=("fu_valued_pair",)),
    _also("scoring.fu.double_valued_pair", "123p456p789s234s1z +1z !riichi", items=("fu_double_valued_pair",)),
    _also("scoring.fu.pung", "234p678s345s6p [777s^] +6p", items=("fu_open_pung",)),
    _also("scoring.fu.terminal_factor", "123p789s555z5s [999p^] +5s", items=("fu_open_terminal_pung",)),
    _also("scoring.fu.concealed_factor", "666p123p789s234s5z +5z !riichi", items=("fu_closed_pung",)),
    _also("scoring.fu.kong_factor", "234p678s345s7p [8888p^] +7p", items=("fu_open_kong",)),
    _also("scoring.fu.seven_pairs", "1199m3344p5566s7z +7z", items=("fu_chiitoitsu",)),
)


def examples() -> tuple[ItemExample, ...]:
    """The family's worked example hands, for the docs (the contribution's ``examples``)."""
    return EXAMPLES
