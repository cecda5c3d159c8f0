"""How a deal goes under a ruleset, in sentences written from its data, each value footnoted with its source.

A player reads prose, not tables.  The opening of a ruleset page says how a
deal goes -- the tiles, the deal, the claims, what a mahjong needs, the
limits, the settlement and the clock -- and every value it states is read
from the resolved ruleset here, at build time, and carries a footnote with
the place in a document it comes from (or the assumption behind it).  So the
prose cannot drift from the rules any more than the tables can.  A parameter
this module has no sentence for (a third party's mechanism, say) is still
stated, plainly, under "Other rules", so a new parameter never goes unsaid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_core import Ruleset
from mahjong_core.plugin import bind

from .rst import literal, short, text
from .sources import Library

_MISSING = object()

SEAT_WORDS = {"left": "the player on the left", "right": "the player on the right", "across": "the player across",
              "any": "any player", "anyone": "any player"}
CLAIM_WORDS = {"mahjong": "a mahjong", "pung_or_kong": "a pung or kong", "chow": "a chow", "pung": "a pung",
               "kong": "a kong"}
TIE_WORDS = {"next_in_turn": "the claimant next in turn after the discarder",
             "farthest_counterclockwise": "the claimant farthest counter-clockwise from the discarder"}
KONG_WORDS = {"concealed": "concealed, from four tiles drawn", "from_discard": "by claiming a discard to a concealed "
              "pung", "added": "by adding a drawn tile to an exposed pung"}
DISPLAY_WORDS = {"quadro": "in a square in the middle of the table", "rows": "in rows in front of each player",
                 "open": "face up in the middle of the table"}
MELD_WORDS = {"plain": "laid out plainly", "concealed_kong_shown": "laid out, a concealed kong with its end tiles "
              "face down", "turned_to_giver": "laid out with the claimed tile turned towards the player who gave it"}
PENALTY_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "pure_suit": lambda v: f"a pure-suit hand of a player with {v.get('exposed_tiles', '?')} or more tiles of "
                           f"the suit exposed",
    "four_winds": lambda v: f"a four-winds hand after {v.get('exposed_sets', '?')} exposed wind sets",
    "three_dragons": lambda v: f"a three-dragons hand after {v.get('exposed_sets', '?')} exposed dragon sets",
    "terminals": lambda v: f"a hand of terminals after {v.get('exposed_sets', '?')} exposed terminal sets",
}
EXEMPTION_WORDS = {"discarder_holds_only_that_suit": "the discarder holds only tiles of that suit",
                   "discarder_is_calling": "the discarder has declared a calling hand"}
TIMEOUT_WORDS = {"discard_drawn_tile": "the tile just drawn is discarded for the player", "pass": "the claim passes",
                 "finish_deal_then_end": "the deal in play is finished and the game ends"}
TIMEOUT_CASES = {"move": "for a move", "claim": "for a claim", "game": "at the end of the game time"}
PAYMENTS = ("discarder", "other_losers", "self_drawn")
SPORT = ("base_points", "discarder_pays_hand", "self_drawn_all_pay_hand")
#: How far back the sacred discard reaches (``sacred_discard``), as the end of a sentence.
SACRED_WORDS = {"whole_deal": "they have discarded at any time in the deal",
                "last_discard": "they discarded last"}
#: A minimum's measure, in the singular and the plural.
MINIMUM_WORDS = {"points": ("point", "points"), "fan": ("fan", "fan"),
                 "doublings_in_hand": ("doubling held in the hand itself", "doublings held in the hand itself"),
                 "doublings": ("doubling", "doublings"),
                 "basic_points": ("basic point (bonus points not counted)", "basic points (bonus points not counted)")}


def _named(name: str) -> Callable[[Mapping[str, Any]], str]:
    """A penalty's sentence where this module has none: its name in words."""
    return lambda _value: name.replace("_", " ")


@dataclass
class Footnotes:
    """The page's footnotes: one per distinct source, numbered in the order they are first cited."""

    library: Library
    labels: dict[str, str] = field(default_factory=dict)

    def ref(self, source: str) -> str:
        label = self.labels.setdefault(source, f"src{len(self.labels) + 1}")
        return f"\\ [#{label}]_"

    def rst(self) -> list[str]:
        return [f".. [#{label}] {source}" for source, label in self.labels.items()]


@dataclass
class Writer:
    """Sentences about one ruleset; :meth:`cite` footnotes a value with its provenance."""

    ruleset: Ruleset
    notes: Footnotes
    #: The top-level parameters a sentence has read (the others are stated in "Other rules").
    read: set[str] = field(default_factory=set)

    def get(self, name: str) -> Any:
        """A parameter's plain value, or ``_MISSING`` where the ruleset has none."""
        self.read.add(name.split(".", 1)[0])
        try:
            return self.ruleset.param(name)
        except Exception:  # noqa: BLE001 - a ruleset without the parameter has no such rule; say nothing of it
            return _MISSING

    def table_value(self, section: str, path: Sequence[str]) -> Any:
        node: Any = self.ruleset.raw_tables.get(section, {})
        for part in path:
            if not isinstance(node, Mapping) or part not in node:
                return _MISSING
            node = node[part]
        return node.get("value", _MISSING) if isinstance(node, Mapping) else _MISSING

    def cite(self, *paths: str) -> str:
        """Footnote references for the values at ``paths`` (``usual_limit``, ``scoring.payments.discarder``)."""
        refs = []
        for path in paths:
            p = self.ruleset.source_of(path)
            refs.append(self.notes.ref(self.notes.library.provenance(p)))
        return "".join(dict.fromkeys(refs))


def _join(words: Sequence[str], last: str = "and") -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _count_word(n: Any) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n)) if isinstance(n, int) else str(n)


def _times(n: Any) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times") if isinstance(n, int) else f"{n} times"


# ---------------------------------------------------------------------------
# One paragraph per subject
# ---------------------------------------------------------------------------


def tiles(w: Writer) -> list[str]:
    out = []
    groups = w.get("tile_set")
    if groups is not _MISSING:
        by_copies: dict[int, list[str]] = {}
        extras: list[str] = []
        for g in groups:
            if "group" in g:
                ranks = g.get("ranks")
                name = str(g["group"]) + (f" {_join([str(r) for r in ranks])} only" if ranks else "")
                by_copies.setdefault(int(g.get("copies", 1)), []).append(name)
            elif "marked" in g:
                extras.append(f"{_count_word(int(g.get('copies', 1)))} marked (red) {g['marked']}")
            elif "bonus" in g:
                extras.append(f"{_join([str(c) for c in g['bonus']])} set aside as bonus tiles")
        total = len(w.ruleset.tile_set())
        parts = [f"{_join(names)} ({_count_word(copies)} of each tile)" for copies, names in by_copies.items()]
        more = f"; {_join(extras)}" if extras else ""
        out.append(f"The game uses {total} tiles: {_join(parts)}{more}{w.cite('tile_set')}.")
    players, hand = w.get("players"), w.get("hand_size")
    if players is not _MISSING and hand is not _MISSING:
        out.append(f"{str(_count_word(players)).capitalize()} players{w.cite('players')} each hold {hand} tiles and "
                   f"go out with {hand + 1}{w.cite('hand_size')}.")
    pairs = w.get("pairs")
    if pairs not in (_MISSING, None):
        where = {"opposite": "sitting opposite"}.get(str((pairs or {}).get("partners")), text(short(pairs)))
        out.append(f"The players {where} are partners and score as a pair{w.cite('pairs')}.")
    elif pairs is None:
        out.append(f"Everyone plays and settles for themselves{w.cite('pairs')}.")
    rounds = w.get("rounds_per_game")
    if rounds is not _MISSING:
        out.append(f"A game lasts {rounds} rounds{w.cite('rounds_per_game')}.")
    return out


def dealing(w: Writer) -> list[str]:
    out = []
    if w.get("first_dealer_by_dice") is True:
        out.append(f"The first dealer, East, is chosen with the dice{w.cite('first_dealer_by_dice')}.")
    ceremony = w.get("wall_ceremony")
    if isinstance(ceremony, Mapping):
        pattern = ceremony.get("deal_pattern") or []
        sentence = (f"The wall is broken where {_count_word(ceremony.get('throws'))} throws of "
                    f"{_count_word(ceremony.get('dice'))} dice say, and {_count_word(ceremony.get('loose_tiles'))} "
                    f"loose tiles are set on the dead wall; the tiles are dealt {_join([str(n) for n in pattern])} "
                    f"at a time, and the dealer takes {_count_word(ceremony.get('dealer_extra'))} more and discards "
                    f"first{w.cite('wall_ceremony')}.")
        out.append(sentence)
    exchange = w.get("tile_exchange")
    if isinstance(exchange, Mapping):
        kind = exchange.get("kind")
        if kind == "none":
            out.append(f"No tiles are exchanged before play{w.cite('tile_exchange')}.")
        elif kind == "charleston":
            passes = [("none to " if p.get("agreed") else "") + f"{p.get('count')} "
                      + ("across" if p.get("direction") == "across" else f"to the {p.get('direction')}")
                      + (" (each pair the smaller count it asks)" if p.get("agreed") else "")
                      for p in exchange.get("passes", [])]
            suit = ", each pass of tiles of one suit" if exchange.get("one_suit") else ""
            out.append(f"Before play the players pass tiles in a Charleston: {_join(passes, 'then')}{suit}"
                       f"{w.cite('tile_exchange')}.")
            before = [str(p.get("name") or f"pass {i + 1}") for i, p in enumerate(exchange.get("passes", []))
                      if p.get("win_before")]
            if before:
                out.append(f"A player whose hand is already complete may declare mahjong on it before the "
                           f"{_join(before, 'and')} {'pass' if len(before) == 1 else 'passes'}, paid as a "
                           f"self-drawn win{w.cite('tile_exchange')}.")
        elif kind == "partner":
            refuse = "; a player may refuse only when already calling" if exchange.get("refuse_only_if_calling") else ""
            out.append(f"After the deal and before East's first discard, partners exchange {exchange.get('tiles')} "
                       f"tiles face down{refuse}{w.cite('tile_exchange')}.")
        else:
            out.append(f"Before play, tiles are exchanged: {text(short(exchange))}{w.cite('tile_exchange')}.")
    left = w.get("exhaustive_draw_tiles_left")
    if left is not _MISSING:
        drawn = ("The deal is drawn when the wall runs out" if left == 0 else
                 f"The deal is drawn when {left} tiles are left in the wall")
        out.append(f"{drawn}{w.cite('exhaustive_draw_tiles_left')}.")
    display = w.get("discard_display")
    if display is not _MISSING:
        out.append(f"Discards lie {DISPLAY_WORDS.get(str(display), literal(display))}{w.cite('discard_display')}.")
    melds = w.get("meld_display")
    if melds is not _MISSING:
        out.append(f"Declared sets are {MELD_WORDS.get(str(melds), literal(melds))}{w.cite('meld_display')}.")
    return out


def claims(w: Writer) -> list[str]:
    out = []
    chow = w.get("chow_from")
    if chow is not _MISSING:
        if chow == "nobody":
            out.append(f"No chow can be made with a discard: only pungs and kongs are claimed{w.cite('chow_from')}.")
        else:
            out.append(f"A chow can be made with a discard of {SEAT_WORDS.get(str(chow), literal(chow))} only"
                       f"{w.cite('chow_from')}.")
    priority = w.get("claim_priority")
    if isinstance(priority, list) and priority:
        claims_ = [CLAIM_WORDS.get(p, literal(p)) for p in priority]
        order = claims_[0] + " comes first" + "".join(f", then {c}" for c in claims_[1:])
        out.append(f"When several players claim one discard, {order}{w.cite('claim_priority')}.")
    tie = w.get("mahjong_tie_break")
    if tie is not _MISSING:
        out.append(f"Two claims for mahjong go to {TIE_WORDS.get(str(tie), literal(tie))}"
                   f"{w.cite('mahjong_tie_break')}.")
    late = w.get("pung_claim_until_next_discard")
    if late is True:
        out.append(f"A pung may still be claimed after the next player has drawn, until the next discard"
                   f"{w.cite('pung_claim_until_next_discard')}.")
    elif late is False:
        out.append(f"A discard can be claimed only until the next player draws"
                   f"{w.cite('pung_claim_until_next_discard')}.")
    pause = w.get("timing")
    if isinstance(pause, Mapping) and isinstance(pause.get("chow_pause_seconds"), Mapping):
        span = pause["chow_pause_seconds"]
        out.append(f"A chow is declared only after a pause of {span.get('min')} to {span.get('max')} seconds; until "
                   f"then an opponent may still claim the tile{w.cite('timing')}.")
    ways = w.get("kong_ways")
    if isinstance(ways, list) and ways:
        out.append(f"A kong is made {_join([KONG_WORDS.get(k, literal(k)) for k in ways], 'or')}{w.cite('kong_ways')}, "
                   f"and its player draws a loose tile to replace it.")
    rob = w.get("robbing_kong.added")
    if rob is True:
        thirteen = w.get("robbing_kong.concealed_for_thirteen_orphans") is True
        out.append(f"A player may rob a kong: take the tile added to an exposed pung to complete a mahjong"
                   f"{w.cite('robbing_kong.added')}" + (f", and even a concealed kong for thirteen orphans"
                                                        f"{w.cite('robbing_kong.concealed_for_thirteen_orphans')}"
                                                        if thirteen else "") + ".")
    elif rob is False:
        out.append(f"A kong cannot be robbed{w.cite('robbing_kong.added')}.")
    if w.get("undeclared_kong_counts_as_pung") is True:
        out.append(f"Four tiles held but not declared as a kong count as a pung"
                   f"{w.cite('undeclared_kong_counts_as_pung')}.")
    return out


def going_out(w: Writer) -> list[str]:
    out = []
    minimum = w.get("minimum_value")
    if minimum is None:
        out.append(f"Any complete hand may go out: there is no minimum value{w.cite('minimum_value')}.")
    elif isinstance(minimum, Mapping):
        needs = [f"{value} {MINIMUM_WORDS.get(key, (key.replace('_', ' '),) * 2)[value != 1]}"
                 for key, value in minimum.items() if key != "excluding_bonus_tiles"]
        extra = ", not counting bonus tiles" if minimum.get("excluding_bonus_tiles") else ""
        out.append(f"A mahjong needs at least {_join(needs)}{extra}{w.cite('minimum_value')}.")
    required = w.get("calling_hand_rule.required")
    if required is True:
        undeclare = w.get("calling_hand_rule.may_undeclare") is True
        out.append(f"A player must declare a calling hand, one tile from mahjong, before they may win"
                   f"{w.cite('calling_hand_rule.required')}" + (f", and may withdraw the declaration"
                                                                f"{w.cite('calling_hand_rule.may_undeclare')}"
                                                                if undeclare else "") + ".")
    elif required is False:
        out.append(f"Nobody need declare a calling hand{w.cite('calling_hand_rule.required')}.")
    dead = w.get("dead_hand")
    if isinstance(dead, Mapping):
        if dead.get("enabled"):
            scores = " (a short hand still scores)" if dead.get("short_hand_scores") else ""
            out.append(f"A player with the wrong number of tiles has a dead hand and cannot win{scores}"
                       f"{w.cite('dead_hand')}.")
        elif dead.get("correction") == "skip_turn_or_draw":
            out.append(f"A player with too many or too few tiles says so and skips a turn or draws out of turn, and "
                       f"may still win{w.cite('dead_hand')}.")
        else:
            out.append(f"There is no dead hand: a wrong tile count is put right and play goes on{w.cite('dead_hand')}.")
    wrong = w.get("wrong_mahjong")
    if isinstance(wrong, Mapping):
        if "limit_fraction" in wrong:
            cost = f"{wrong['limit_fraction']} of the limit"
        else:
            cost = f"{wrong.get('points')} points"
        payer = {"declarer": "the player who declared it", "both_partners": "each player of the guilty pair"}.get(
            str(wrong.get("paid_by")), literal(wrong.get("paid_by")))
        end = "; the wronged pair may end the deal or play on" if wrong.get("wronged_pair_may_end_deal") else ""
        out.append(f"A wrongly declared mahjong costs {cost}, paid by {payer}{end}{w.cite('wrong_mahjong')}.")
    sacred = w.get("sacred_discard")
    if sacred in SACRED_WORDS:
        out.append(f"A player may not win on another player's tile of a kind {SACRED_WORDS[sacred]} (the sacred "
                   f"discard), though they may still claim it for a pung or kong, or win on it drawn from the wall"
                   f"{w.cite('sacred_discard')}.")
    if w.get("winning_tile_set_apart") is True:
        out.append(f"The winning tile is set apart when the hand is shown{w.cite('winning_tile_set_apart')}.")
    limits = w.ruleset.raw_tables.get("limit_hands") or {}
    if limits:
        out.append(f"Besides the ordinary forms, {len(limits)} limit hands, listed below, score a fixed value.")
    return out


def limits(w: Writer) -> list[str]:
    out = []
    limit = w.get("usual_limit")
    if limit is None:
        out.append(f"There is no usual limit: a hand scores what its tables give{w.cite('usual_limit')}.")
    elif limit is not _MISSING:
        out += _usual_limit(w, limit)
    if w.get("losers_settle_after_limit") is False:
        out.append(f"After a limit hand the losers do not settle among themselves"
                   f"{w.cite('losers_settle_after_limit')}.")
    if w.get("chavka.enabled") is True:
        doublings = w.get("chavka.doublings_allowed")
        tail = ("; it may be doubled" if doublings is True else "; it is not doubled" if doublings is False else "")
        out.append(f"A mahjong worth 20 made of chows only, with no special pair and no bonus tiles -- the chavka -- "
                   f"scores {w.get('chavka.points')}{tail}"
                   f"{w.cite('chavka.enabled', 'chavka.points', 'chavka.doublings_allowed')}.")
    elif w.get("chavka.enabled") is False:
        out.append(f"There is no chavka{w.cite('chavka.enabled')}.")
    if w.get("pay_limit_for_four_bonus") is True:
        out.append(f"A player who collects all four flowers or all four seasons is paid the usual limit at once"
                   f"{w.cite('pay_limit_for_four_bonus')}.")
    if w.get("pay_limit_for_consecutive_wins.enabled") is True:
        out.append(f"A player who wins {w.get('pay_limit_for_consecutive_wins.count')} deals in a row is paid the "
                   f"limit{w.cite('pay_limit_for_consecutive_wins.enabled', 'pay_limit_for_consecutive_wins.count')}.")
    return out


def _usual_limit(w: Writer, limit: Any) -> list[str]:
    """What the usual limit cuts -- an ordinary hand, the chavka, a losing hand -- and what it leaves alone: the limit
    hands, paid their own values, which may be more (Shanghai's heavenly hand is 5000 beside a limit of 1000)."""
    from mahjong_core import MahjongError
    from mahjong_core.plugin import SCALE_PARAMETER, limit_hand_values

    chavka = ", or the chavka" if w.get("chavka.enabled") is True else ""
    losing = w.table_value("scoring", ["losing_hands"]) is True
    out = [f"The usual limit is {limit}{w.cite('usual_limit')}: an ordinary hand -- its points doubled by its "
           f"doublings{chavka} -- is paid at most {limit}"
           + (f", and so is a losing hand{w.cite('scoring.losing_hands')}" if losing else "") + "."]
    scale = w.get(SCALE_PARAMETER)
    try:
        paid = limit_hand_values(w.ruleset)
    except MahjongError:  # a table that cannot be paid is reported by the scoring tests, not by a sentence
        return out
    if not paid:
        return out
    if all(v.written == "limit" for v in paid.values()):
        return [*out, f"The limit hands below are paid the usual limit, {limit}."]
    low, high = min(v.paid for v in paid.values()), max(v.paid for v in paid.values())
    span = f"{low}" if low == high else f"from {low} to {high}"
    if scale is True:
        names = {key: str(row.get("name") or key) for key, row in w.ruleset.raw_tables["limit_hands"].items()}
        bases = sorted({(v.defined_in, v.written_for) for v in paid.values() if v.written_for is not None})
        written = _join([f"{base} ({who})" for who, base in bases])
        listed = _join([f"{text(names[key])} {v.paid}" for key, v in paid.items()])
        out.append(f"The limit hands below are not cut by it, and their values follow it{w.cite(SCALE_PARAMETER)}: "
                   f"each value listed in points is paid times {limit} divided by the usual limit it was written "
                   f"for, {written}, to the nearest point; so here {listed}.")
    else:
        out.append(f"The limit hands below are not cut by it: each is paid its own value, {span}"
                   + (f", whatever the usual limit{w.cite(SCALE_PARAMETER)}" if scale is False else "") + ".")
    return out


def settlement(w: Writer) -> list[str]:
    out = []
    kind = w.get("settlement")
    if kind == "classical":
        losing = w.table_value("scoring", ["losing_hands"])
        first = f"Every loser pays the winner the value of the winning hand{w.cite('settlement')}"
        tail = (f"; then each pair of losers settles the difference between their own hands, which are scored too"
                f"{w.cite('scoring.losing_hands')}" if losing is True else "")
        out.append(f"{first}{tail}.")
    elif kind == "hongkong":
        d, o, s = (w.table_value("scoring", ["payments", key]) for key in PAYMENTS)
        if _MISSING not in (d, o, s):
            out.append(f"The hand's fan are turned into points by the table below, and the discarder of the winning "
                       f"tile pays {_times(d)} the points, each other loser {_times(o)}; a self-drawn win is paid "
                       f"{_times(s)} the points by every loser"
                       f"{w.cite('settlement', *(f'scoring.payments.{k}' for k in PAYMENTS))}; "
                       f"losers do not settle among themselves.")
    elif kind == "sport":
        base = w.table_value("scoring", ["sport_settlement", "base_points"])
        if base is not _MISSING:
            out.append(f"Each loser pays the winner {base} points, and the discarder of the winning tile also pays the "
                       f"hand's value, or every loser does when it was self-drawn"
                       f"{w.cite('settlement', *(f'scoring.sport_settlement.{k}' for k in SPORT))}; "
                       f"losers do not settle among themselves{w.cite('scoring.sport_settlement.between_losers')}.")
    if not out and kind is not _MISSING:
        rule = bind(w.ruleset).settlement
        about = f": {text(rule.description)}" if rule is not None and rule.description else ""
        out.append(f"Payments follow the {literal(kind)} settlement{about}{w.cite('settlement')}.")
    east = w.get("east_pays_double")
    if east is True:
        out.append(f"East pays and receives double{w.cite('east_pays_double')}.")
    elif east is False:
        out.append(f"East pays and receives the same as everyone{w.cite('east_pays_double')}.")
    if w.get("bank.enabled") is True:
        out.append(f"Each player puts {w.get('bank.stake')} into the bank every deal, and the bank is won once a "
                   f"round{w.cite('bank.enabled', 'bank.stake')}.")
    penalties = w.get("penalties")
    if isinstance(penalties, Mapping):
        on = [(name, v) for name, v in penalties.items() if isinstance(v, Mapping) and v.get("enabled")]
        if on:
            hands = []
            for name, v in on:
                words = PENALTY_WORDS.get(name, _named(name))
                exempt = [EXEMPTION_WORDS.get(e, e.replace("_", " ")) for e in v.get("exemptions") or []]
                hands.append(words(v) + (f" (unless {_join(exempt, 'or')})" if exempt else "")
                             + w.cite(f"penalties.{name}"))
            out.append(f"Whoever discards the tile that completes {_join(hands, 'or')} pays for everyone, and "
                       f"there is no further settlement.")
        elif penalties:
            out.append(f"There are no penalties for dangerous discards"
                       f"{w.cite(*(f'penalties.{n}' for n in penalties))}.")
    return out


def rotation(w: Writer) -> list[str]:
    win, draw = w.get("dealer_keeps_deal_on_win"), w.get("dealer_keeps_deal_on_draw")
    if win is _MISSING or draw is _MISSING:
        return []
    cites = w.cite("dealer_keeps_deal_on_win", "dealer_keeps_deal_on_draw")
    if win and draw:
        return [f"East keeps the deal after winning it and after a drawn deal{cites}; otherwise the deal passes to "
                f"the next player."]
    if not win and not draw:
        return [f"The deal passes to the next player after every deal, won or drawn{cites}."]
    kept = "winning it" if win else "a drawn deal"
    return [f"East keeps the deal after {kept} only{cites}; otherwise it passes on."]


def timing(w: Writer) -> list[str]:
    clock = w.get("timing")
    if clock is None:
        return [f"There is no clock{w.cite('timing')}."]
    if not isinstance(clock, Mapping):
        return []
    parts = []
    if "move_seconds" in clock:
        parts.append(f"{clock['move_seconds']} seconds for each move")
    if "claim_seconds" in clock:
        parts.append(f"{clock['claim_seconds']} seconds to claim a discard")
    if "game_minutes" in clock:
        parts.append(f"{clock['game_minutes']} minutes for a game")
    out = [f"Play is timed: {_join(parts)}{w.cite('timing')}."] if parts else []
    timeout = w.get("timeout")
    if isinstance(timeout, Mapping):
        said = [f"{TIMEOUT_CASES.get(k, k)}, "
                f"{TIMEOUT_WORDS.get(str(v), literal(v))}" for k, v in timeout.items()]
        out.append(f"When time runs out: {'; '.join(said)}{w.cite('timeout')}.")
    return out


#: Parameters about the seeds' own program, not the game: never narrated (the tables show them).
UNSAID = frozenset({"skipped_by_seed_program"})


def other_rules(w: Writer) -> list[str]:
    """Every parameter no sentence above has read, stated plainly, so a new rule is never left unsaid."""
    out = []
    for name in w.ruleset.raw_tables.get("parameters", {}):
        if name in w.read or name in UNSAID:
            continue
        value = w.get(name)
        out.append(f"{text(name.replace('_', ' ')).capitalize()}: {text(short(value))}{w.cite(name)}.")
    return out


#: The subjects of the opening, in the order of a deal.
SUBJECTS: tuple[tuple[str, Callable[[Writer], list[str]]], ...] = (
    ("Tiles and players", tiles), ("The deal", dealing), ("Claims", claims), ("What a mahjong needs", going_out),
    ("Limits", limits), ("Settlement", settlement), ("The next deal", rotation), ("Timing", timing))


def how_a_deal_goes(ruleset: Ruleset, library: Library) -> str:
    """The opening section of a ruleset page: a paragraph per subject, then the footnotes of every value."""
    from .rst import heading

    w = Writer(ruleset, Footnotes(library))
    out = [heading("How a deal goes", "-"),
           "Written from the ruleset's data as this page was built; each number is a footnote to the place the "
           "value comes from.", ""]
    for title, write in SUBJECTS:
        sentences = write(w)
        if sentences:
            out += [f"**{title}.** " + " ".join(sentences), ""]
    others = other_rules(w)
    if others:
        out += ["**Other rules.** " + " ".join(others), ""]
    out += [".. rubric:: Sources of the values above", "", *w.notes.rst(), ""]
    return "\n".join(out)
