"""The classical scoring family on the hands the engine really scores: microseconds per score, and an identity dump.

Run: ``python benchmarks/bench_classical.py [--rulesets chinese_classical,...] [--games 6] [--cold-games 3]
[--passes 5]``, or ``... --dump FILE [--random 10000]`` for the identity dump (about ten seconds each).

Why these hands: a replay spends about a fifth of its time scoring, and the
hands it scores are not the golden hands of the tests -- they are mostly
losers' incomplete hands and plain winning hands.  So the benchmark plays
seeded greedy-bot games (``Game(ruleset, make_bots(["greedy"] * 4, seed),
seed, max_deals=16)``) with the classical family's engine (what its plugin's
``mahjong_score_hand`` calls) wrapped
to record every ``(hand, context)`` it is asked to score -- the deal-end
scores of the winner and the three losers, and the minimum-value checks of
candidate wins -- and to time each call as the game makes it.

Columns, per ruleset (µs per score, winners and losers apart):

* ``warm``: the recorded calls of ``--games`` games re-scored, best of
  ``--passes`` passes (CPU time of the pass: the machine is shared, and wall
  time would count other processes' turns);
* ``cold``: the calls of ``--cold-games`` games from other seeds, timed as
  the game made them -- the first time this process scored those hands, in
  the middle of play, so no cache of a hand can flatter it.  Each call is
  timed on the wall clock (a CPU clock costs more than a microsecond to
  read), so the slowest 1% of calls, where another process took the core,
  are left out.

``--dump FILE`` writes, instead of timing, ``repr()`` of every Score of the
recorded calls, of the classical golden hands (``tests/golden/classical``),
of ``--random`` seeded complete hands of every shape (and each one tile
short, as a loser) under every classical ruleset, and of the errors raised
by deliberately broken variants of recorded hands (fifth copies, unsorted
tiles, unknown bonus tiles, missing facts ...), one line each.  Dumps taken
before and after a change to the engine must be byte-identical (``cmp``).
``--json FILE`` also writes the timings as figures (``benchmarks/run_all.py``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml
from figures import Figures, add_json_argument
from mahjong_rulesets.families.classical import family as classical_family
from mahjong_rulesets.families.classical.scoring import situation_context

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.hand.melds import ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.tiles import BONUS, GREENS, TERMINALS_AND_HONOURS
from mahjong_core.plugin.scoring import score_hand, scoring_value
from mahjong_core.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "classical"
#: Every ruleset whose ``scoring.family`` is ``classical``.
CLASSICAL = ("chinese_classical", "harbin", "shanghai", "orsk", "european_classical", "traditional",
             "bonus_classical", "piter", "no_chow_from_partner", "shanghai_1500_no_bank")


@dataclass(frozen=True)
class Call:
    """One recorded call of ``score_hand``: the hand, a private copy of its context, and how long it took in play."""

    ruleset_id: str
    hand: Hand
    context: dict[str, Any]
    played_us: float = 0.0

    @property
    def winner(self) -> bool:
        return bool(self.context.get("winner"))


def collect(ruleset_id: str, seeds: Sequence[int], max_deals: int = 16) -> list[Call]:
    """Play one seeded greedy game per seed and return every ``score_hand`` call the engine made."""
    ruleset = load_ruleset(ruleset_id)
    calls: list[Call] = []
    original = classical_family.classical_score

    def recording(rs: Any, hand: Hand, context: Mapping[str, Any]) -> Any:
        kept = dict(context)
        start = time.perf_counter()
        score = original(rs, hand, context)
        calls.append(Call(ruleset_id, hand, kept, (time.perf_counter() - start) * 1e6))
        return score

    classical_family.classical_score = recording  # the family's mahjong_score_hand looks it up at call time
    try:
        for seed in seeds:
            Game(ruleset, make_bots(["greedy"] * 4, seed), seed, max_deals=max_deals).play()
    finally:
        classical_family.classical_score = original
    return calls


def per_score(calls: Sequence[Call], passes: int) -> tuple[float, float]:
    """Best-of-``passes`` µs per score for the winners' calls and the losers' calls."""
    results = []
    for group in ([c for c in calls if c.winner], [c for c in calls if not c.winner]):
        if not group:
            results.append(float("nan"))
            continue
        ruleset = load_ruleset(group[0].ruleset_id)
        args = [(c.hand, c.context) for c in group]
        best = float("inf")
        for _ in range(passes):
            start = time.process_time()
            for hand, context in args:
                score_hand(ruleset, hand, context)
            best = min(best, time.process_time() - start)
        results.append(best / len(group) * 1e6)
    return results[0], results[1]


def in_play(calls: Sequence[Call]) -> tuple[float, float]:
    """Mean µs per score as played, winners and losers, the slowest 1% of each left out."""
    results = []
    for winner in (True, False):
        times = sorted(c.played_us for c in calls if c.winner is winner)
        kept = times[:max(1, len(times) - len(times) // 100)] if times else []
        results.append(sum(kept) / len(kept) if kept else float("nan"))
    return results[0], results[1]


# ---------------------------------------------------------------- the identity dump


def golden_calls() -> Iterator[tuple[str, str, Hand, dict[str, Any]]]:
    """The golden hands of the classical family's scoring test, with the context that test builds.

    (tests/plugins/families/classical/test_classical_scoring.py)
    """
    for path in sorted(GOLDEN.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for ruleset_id in data.get("rulesets") or [data["ruleset"]]:
            for case in data["hands"]:
                hand = parse_hand(case["hand"])
                yield ruleset_id, case["id"], hand, situation_context(hand, case.get("seat", "S"),
                                                                      case.get("prevalent", "E"))


def random_calls(ruleset_ids: Sequence[str], n: int, seed: int = 7) -> Iterator[Call]:
    """``n`` seeded random complete hands, each scored as a winner and (one tile short) as a loser.

    The hands the bots make are mostly plain; these reach what they rarely do -- kongs, seven pairs,
    thirteen orphans, one-suit and honour hands, bonus tiles, every situation flag, both winds --
    so the identity dump covers every row of every classical table.
    """
    rng = random.Random(seed)
    winds = ("E", "S", "W", "N")
    for i in range(n):
        hand = _random_hand(rng)
        ruleset_id = ruleset_ids[i % len(ruleset_ids)]
        if not load_ruleset(ruleset_id).tile_set().count(BONUS[0]):
            hand = replace(hand, bonus=())
        seat, prevalent = rng.choice(winds), rng.choice(winds)
        context = situation_context(hand, seat, prevalent, tiles_left=rng.choice((0, 1, 2, 30)),
                                    winning_tile_shown=rng.choice((0, 0, 3)))
        yield Call(ruleset_id, hand, context)
        tiles = sorted((*hand.concealed, hand.winning_tile))
        del tiles[rng.randrange(len(tiles))]
        loser = Hand(tuple(tiles), hand.melds, hand.bonus)
        yield Call(ruleset_id, loser, situation_context(loser, seat, prevalent, winner=False))


def _random_hand(rng: random.Random) -> Hand:
    counts = [0] * 34
    style = rng.choice(("any", "any", "suit", "honours", "majors", "pairs", "orphans", "chows", "green", "gates"))
    suit = rng.randrange(3)

    def pick() -> int:
        if style == "suit":
            return rng.choice((suit * 9 + rng.randrange(9), 27 + rng.randrange(7)) if rng.random() < 0.3
                              else (suit * 9 + rng.randrange(9),))
        if style == "honours":
            return 27 + rng.randrange(7)
        if style == "majors":
            return rng.choice(TERMINALS_AND_HONOURS)
        if style == "green":
            return rng.choice(GREENS)
        return rng.randrange(34)

    for _ in range(200):
        counts = [0] * 34
        concealed: list[int] = []
        melds: list[Meld] = []
        if style == "orphans":
            concealed = [*TERMINALS_AND_HONOURS, rng.choice(TERMINALS_AND_HONOURS)]
        elif style == "gates":
            concealed = [suit * 9 + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, rng.randrange(9))]
        elif style == "chows":
            for _ in range(4):
                first = rng.randrange(3) * 9 + rng.randrange(7)
                if rng.random() < 0.3:
                    melds.append(Meld(MeldKind.CHOW, (first, first + 1, first + 2), True, ClaimedFrom.LEFT))
                else:
                    concealed += [first, first + 1, first + 2]
            pair = rng.randrange(34)
            concealed += [pair, pair]
        elif style == "pairs":
            for kind in rng.sample(range(34), 7):
                concealed += [kind, kind]
        else:
            for _ in range(4):
                shape = rng.choice(("chow", "pung", "pung", "kong") if style != "honours" else ("pung", "kong"))
                first = pick()
                if shape == "chow" and first < 27 and first % 9 < 7:
                    tiles: tuple[int, ...] = (first, first + 1, first + 2)
                else:
                    shape = "kong" if shape == "kong" else "pung"
                    tiles = (first,) * (4 if shape == "kong" else 3)
                declared = rng.random() < 0.4 or shape == "kong"
                if not declared:
                    concealed += tiles
                elif len(tiles) == 3 and tiles[0] != tiles[1]:
                    melds.append(Meld(MeldKind.CHOW, tiles, True, ClaimedFrom.LEFT))
                elif len(tiles) == 3:
                    melds.append(Meld(MeldKind.PUNG, tiles, True, rng.choice(list(ClaimedFrom))))
                elif rng.random() < 0.5:
                    melds.append(Meld(MeldKind.KONG, tiles))
                else:
                    melds.append(Meld(MeldKind.KONG, tiles, True, rng.choice(list(ClaimedFrom)), rng.random() < 0.3))
            pair = pick()
            concealed += [pair, pair]
        for t in concealed + [t for m in melds for t in m.tiles]:
            counts[t] += 1
        if max(counts) <= 4:
            break
    winning = rng.choice(concealed)
    concealed.remove(winning)
    flags = set()
    self_drawn = rng.random() < 0.4
    if self_drawn:
        flags.add("self_drawn")
        if rng.random() < 0.3:
            flags.add("replacement")
    elif rng.random() < 0.15:
        flags.add("robbing_kong")
    for flag, chance in (("last_tile", 0.15), ("calling_from_start", 0.15), ("last_loose_tile", 0.15),
                         ("first_go_around", 0.04), ("first_discard", 0.04), ("dealer", 0.1)):
        if rng.random() < chance:
            flags.add(flag)
    bonus = tuple(sorted(rng.sample(BONUS, rng.choice((0, 0, 1, 2, 4, 8)))))
    return Hand(tuple(sorted(concealed)), tuple(melds), bonus, winning, frozenset(flags))


def _broken(call: Call) -> Iterator[tuple[str, Hand, dict[str, Any]]]:
    """Variants of a recorded call that the scorer must refuse (or accept) exactly as before."""
    hand, ctx = call.hand, call.context
    first = (hand.concealed or (0,))[0]
    yield "fifth_copy", replace(hand, concealed=tuple(sorted(hand.concealed + (first,) * 4))), ctx
    yield "unsorted", replace(hand, concealed=tuple(reversed(hand.concealed))), ctx
    yield "flower", replace(hand, bonus=tuple(sorted({*hand.bonus, 34}))), ctx
    yield "flower_twice", replace(hand, bonus=(34, 34)), ctx
    yield "bonus_in_hand", replace(hand, concealed=tuple(sorted(hand.concealed + (35,)))), ctx
    yield "bad_kind", replace(hand, concealed=(-1, *hand.concealed)), ctx
    yield "winning_bonus", replace(hand, winning_tile=36), ctx
    yield "bad_meld", replace(hand, melds=(*hand.melds, Meld(MeldKind.PUNG, (0, 1, 2)))), ctx
    unequal = Meld(MeldKind.PUNG, (0, 1, 2), True, ClaimedFrom.LEFT)
    yield "unequal_pung", replace(hand, melds=(*hand.melds, unequal)), ctx
    yield "chow_across_suits", replace(hand, melds=(Meld(MeldKind.CHOW, (7, 8, 9), True, ClaimedFrom.LEFT),)), ctx
    yield "fifth_in_melds", replace(hand, melds=(*hand.melds, Meld(MeldKind.KONG, (first,) * 4))), ctx
    yield "meld_from_across", replace(hand, melds=(*hand.melds, Meld(MeldKind.CHOW, (3, 4, 5), True,
                                                                       claimed_from=2))), ctx
    yield "bad_flag", replace(hand, situations=frozenset({"Bad Flag"})), ctx
    yield "flag_self_drawn", replace(hand, situations=frozenset({"self_drawn"})), ctx
    for fact in ("winner", "seat_wind", "prevalent_wind", "self_drawn", "calling_from_start", "last_tile"):
        if fact in ctx:
            yield f"no_{fact}", hand, {k: v for k, v in ctx.items() if k != fact}
    yield "seat_wind_E", hand, dict(ctx, seat_wind="E")
    yield "seat_wind_bad", hand, dict(ctx, seat_wind=33)
    yield "winner_flipped", hand, dict(ctx, winner=not call.winner)
    if not call.winner and hand.concealed:
        facts = dict.fromkeys(("self_drawn", "replacement", "robbing_kong", "last_tile", "first_go_around",
                               "first_discard", "calling_from_start"), False)
        yield "loser_as_winner", hand, dict(ctx, winner=True, winning_tile=hand.concealed[-1], tiles_left=5, **facts)
    if call.winner and hand.winning_tile is not None:
        unnamed = replace(hand, concealed=tuple(sorted((*hand.concealed, hand.winning_tile))), winning_tile=None)
        yield "winning_tile_in_context", unnamed, dict(ctx, winning_tile=hand.winning_tile)
        yield "no_winning_tile", unnamed, {k: v for k, v in ctx.items() if k != "winning_tile"}
        yield "winning_tile_extra", replace(hand, concealed=tuple(sorted((*hand.concealed, hand.winning_tile)))), ctx
    yield "not_a_hand", "123m", ctx  # type: ignore[misc]
    yield "not_a_mapping", hand, list(ctx.items())  # type: ignore[misc]


def _outcome(ruleset: Any, hand: Any, context: Any) -> str:
    """``repr()`` of the score, or the error's type, message and place."""
    try:
        return repr(score_hand(ruleset, hand, context))
    except MahjongError as exc:
        return f"{type(exc).__name__}({exc.message!r}, source={exc.source!r}, place={exc.place!r})"
    except Exception as exc:  # noqa: BLE001 -- a crash on bad input is recorded too, so a change to it shows
        return f"{type(exc).__name__}({exc})"


def dump(path: Path, recorded: Sequence[Call], randoms: int) -> int:
    """Write one line per score or refusal; return how many lines."""
    lines = []
    for i, call in enumerate(recorded):
        ruleset = load_ruleset(call.ruleset_id)
        lines.append(f"{call.ruleset_id} call {i}: {_outcome(ruleset, call.hand, call.context)}")
    for ruleset_id, case_id, hand, ctx in golden_calls():
        ruleset = load_ruleset(ruleset_id)
        lines.append(f"{ruleset_id} golden {case_id}: {_outcome(ruleset, hand, ctx)}")
    for i, call in enumerate(random_calls(CLASSICAL, randoms)):
        ruleset = load_ruleset(call.ruleset_id)
        lines.append(f"{call.ruleset_id} random {i}: {_outcome(ruleset, call.hand, call.context)}")
    for i, call in enumerate(recorded[::7]):
        ruleset = load_ruleset(call.ruleset_id)
        for name, hand, ctx in _broken(call):
            lines.append(f"{call.ruleset_id} broken {i} {name}: {_outcome(ruleset, hand, ctx)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", default=",".join(CLASSICAL))
    parser.add_argument("--games", type=int, default=6, help="seeded games of 16 deals per ruleset, timed warm")
    parser.add_argument("--cold-games", type=int, default=3, help="games from other seeds, timed on a first pass")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--dump", type=Path, help="write the identity dump here instead of timing")
    parser.add_argument("--random", type=int, default=10_000, help="random complete hands in the dump")
    add_json_argument(parser)
    args = parser.parse_args(argv)
    figures = Figures()
    rulesets = args.rulesets.split(",")
    for ruleset_id in rulesets:
        family = scoring_value(load_ruleset(ruleset_id), "family")
        if family != "classical":
            raise SystemExit(f"{ruleset_id} is scored by the {family} family, not the classical one")
    if args.dump:
        recorded = [c for r in rulesets for c in collect(r, range(1, args.games + 1))]
        print(f"{dump(args.dump, recorded, args.random)} lines written to {args.dump}")
        return 0
    print(f"{'ruleset':24} {'calls':>6} {'wins':>5} {'warm win':>9} {'warm lose':>9} "
          f"{'cold win':>9} {'cold lose':>9}   (µs per score)")
    # total µs and number of calls, by (warm or cold, winner or loser)
    spent: dict[tuple[str, bool], list[float]] = {(k, w): [0.0, 0] for k in ("warm", "cold") for w in (True, False)}
    for ruleset_id in rulesets:
        warm_calls = collect(ruleset_id, range(1, args.games + 1))
        cold_calls = collect(ruleset_id, range(1000, 1000 + args.cold_games))
        cold = in_play(cold_calls)
        warm = per_score(warm_calls, args.passes)
        print(f"{ruleset_id:24} {len(warm_calls):6} {sum(c.winner for c in warm_calls):5} {warm[0]:9.1f} "
              f"{warm[1]:9.1f} {cold[0]:9.1f} {cold[1]:9.1f}")
        for name, us in (("warm_win", warm[0]), ("warm_lose", warm[1]), ("cold_win", cold[0]), ("cold_lose", cold[1])):
            if us == us:  # not NaN (no such call)
                figures.add(f"classical.{ruleset_id}.{name}", us, "µs/score", better="lower")
        for which, calls, times in (("warm", warm_calls, warm), ("cold", cold_calls, cold)):
            for winner, us in ((True, times[0]), (False, times[1])):
                n = sum(c.winner is winner for c in calls)
                if n:
                    spent[which, winner][0] += us * n
                    spent[which, winner][1] += n

    def mean(which: str, *winners: bool) -> float:
        calls = sum(spent[which, w][1] for w in winners)
        return sum(spent[which, w][0] for w in winners) / calls if calls else float("nan")

    print(f"{'all (weighted)':24} {int(spent['warm', True][1] + spent['warm', False][1]):6} "
          f"{int(spent['warm', True][1]):5} {mean('warm', True):9.1f} {mean('warm', False):9.1f} "
          f"{mean('cold', True):9.1f} {mean('cold', False):9.1f}   per score: warm {mean('warm', True, False):.1f}, "
          f"cold {mean('cold', True, False):.1f}")
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
