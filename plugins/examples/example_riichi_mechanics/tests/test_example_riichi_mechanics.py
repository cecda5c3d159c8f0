"""Riichi's mechanics, played: red fives scoring apart, the locked hand and its stick, the pot, dora indicators from
the dead wall (and on kongs), an abortive draw, starting points and the uma -- each read from seeded games' logs,
then a byte-identical replay, a clean audit, ``view`` and the conformance suite.

The games seat this package's ``declaring`` bot (the greedy bot, declaring whenever it may) beside the random bot
(which makes kongs of every kind).  Seed 26 (ten deals) holds two declarations, kongs of all three ways and their
indicators, and an abortive draw of nine terminals: its log is kept beside the repository's golden replays
(``replays/riichi_mechanics/``), and the game played again here must write it byte for byte.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Game, available, check, installed_bots, load_ruleset, make_bots, simulate
from mahjong_core.plugin import Action, Rng, Ruleset, Table, Wall, parse_hand, parse_tiles, score_hand

RULESET = "example_riichi_mechanics"
BOTS = ["declaring", "random", "declaring", "random"]
SEEDS = range(4)
KEPT_SEED = 26
#: The log of seed 26 kept beside the golden replays, where this package is tested from its repository.
KEPT = Path(__file__).resolve().parents[4] / "replays" / "riichi_mechanics" / f"{RULESET}-seed{KEPT_SEED}.jsonl"
RED = {"0m": "5m", "0p": "5p", "0s": "5s"}


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    assert RULESET in available(), "install this package first: pip install ./plugins/examples/example_riichi_mechanics"
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Four seeded whole games, and seed 26's, written as replay logs (the kept one last)."""
    played = simulate(ruleset, SEEDS[0], len(SEEDS), BOTS, tmp_path_factory.mktemp("logs"))
    played += simulate(ruleset, KEPT_SEED, 1, BOTS, tmp_path_factory.mktemp("kept"))
    return [game.replay for game in played if game.replay is not None]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def deals(path: Path) -> list[list[dict[str, Any]]]:
    """Each deal's events, from its deal_start to the line before the next one."""
    out: list[list[dict[str, Any]]] = []
    for e in lines(path):
        if e["type"] == "deal_start":
            out.append([])
        if out:
            out[-1].append(e)
    return out


def test_every_value_says_where_it_came_from(ruleset: Ruleset) -> None:
    assert ruleset.value("starting_points") == 25000 and ruleset.value("x_stick") == 1000
    assert ruleset.value("wall_ceremony")["loose_tiles"] == 0 and ruleset.value("exhaustive_draw_tiles_left") == 14
    for name in ("tile_set", "starting_points", "x_stick", "x_kong_indicator", "x_uma", "abortive_draws",
                 "exhaustive_draw_tiles_left", "wall_ceremony"):
        assert ruleset.source_of(name).text, name
    assert "jmw_kan" in ruleset.source_of("x_kong_indicator").text


def test_one_red_five_of_each_suit_plays_as_a_five_and_scores_apart(ruleset: Ruleset) -> None:
    tiles = ruleset.tiles()
    codes = [tiles.codes()[k] for k in ruleset.tile_set()]
    assert len(codes) == 136
    for code, five in RED.items():
        kind, plain_kind = tiles.kind_of(code), tiles.kind_of(five)
        assert codes.count(code) == 1 and codes.count(five) == 3
        assert kind is not None and tiles.plays_as[kind] == plain_kind
    hand = parse_hand("123m 456p 789s 555s 11z")
    fives = tuple(k for k in (tiles.kind_of("5p"), tiles.kind_of("5s")) if k is not None)
    plain = score_hand(ruleset, hand, {"winner": True})
    red = score_hand(ruleset, dataclasses.replace(hand, marked=fives), {"winner": True})
    assert plain is not None and red is not None
    assert (plain.total, red.total) == (1, 3)
    assert [(i.name, i.count) for i in red.items] == [("win", 1), ("red_five", 2)]


def test_a_red_five_dealt_is_scored_where_it_wins(logs: list[Path]) -> None:
    """Every winner's red fives, counted by the family (``raw.red_fives``), are among the points it was paid."""
    seen = 0
    for path in logs:
        for e in lines(path):
            if e["type"] == "score" and e["value"]:
                red = e["raw"]["red_fives"]
                items = {i["name"]: i.get("count", 1) for i in e["items"]}
                assert items.get("red_five", 0) == red and e["value"] == 1 + red
                seen += red
    assert seen, "no winning hand held a red five"


def test_a_declaration_pays_a_stick_into_the_pot_and_locks_the_hand(logs: list[Path], ruleset: Ruleset) -> None:
    """The stick is paid at once; the seat never claims again, and after its declaring turn discards only the
    tile it drew (as its kind: a red five drawn lets a plain five go first)."""
    locks = 0
    for path in logs:
        for deal in deals(path):
            locked: dict[int, int] = {}  # seat -> the tiles it had drawn when it declared
            taken = {s: 0 for s in range(4)}
            drawn: dict[int, str] = {}
            for k, e in enumerate(deal):
                if e["type"] == "hand_locked":
                    locks += 1
                    assert deal[k - 1]["type"] == "decision" and deal[k - 1]["action"] == "declare_lock"
                    pay = deal[k + 1]
                    assert (pay["type"], pay["payer"], pay["payee"], pay["amount"]) == (
                        "payment", e["seat"], None, ruleset.value("x_stick"))
                    assert e["drawn"] == taken[e["seat"]]
                    locked[e["seat"]] = e["drawn"]
                elif e["type"] in ("draw", "replacement"):
                    drawn[e["seat"]] = e["tile"]
                    taken[e["seat"]] += 1
                elif e["type"] == "claim":
                    assert e["seat"] not in locked, f"{path.name}: a locked seat claimed: {e}"
                elif e["type"] == "decision" and e["action"] == "discard":
                    seat = e["actor"]
                    if seat in locked and taken[seat] > locked[seat]:
                        assert RED.get(e["tile"], e["tile"]) == RED.get(drawn[seat], drawn[seat]), (path.name, e)
    assert locks >= 5, f"only {locks} declarations in the seeded games"


def pot_moves(path: Path) -> list[tuple[str, int, dict[str, Any]]]:
    """(what, the pot after it, the event) for every deal start, payment into or out of the pot, win and game end."""
    pot, out = 0, []
    for e in lines(path):
        if e["type"] == "payment":
            pot += e["amount"] if e["payee"] is None else -e["amount"] if e["payer"] is None else 0
        if e["type"] in ("deal_start", "payment", "mahjong", "game_end"):
            out.append((e["type"], pot, e))
    return out


def test_the_next_winner_takes_the_pot_and_a_drawn_deal_carries_it_over(logs: list[Path]) -> None:
    carried = taken = 0
    for path in logs:
        moves = pot_moves(path)
        for k, (what, pot, e) in enumerate(moves):
            if what == "mahjong":
                if pot:
                    _, after, pay = moves[k + 1]
                    assert (pay["payer"], pay["payee"], pay["amount"], after) == (None, e["seat"], pot, 0)
                    taken += 1
            elif what == "deal_start" and pot:
                carried += 1
            elif what == "game_end":
                assert pot == 0, "the pot is emptied at the game's end"
    assert taken and carried, (taken, carried)


def test_the_points_add_up_to_the_starting_points(logs: list[Path]) -> None:
    for path in logs:
        scores, pot = [25000] * 4, 0
        for e in lines(path):
            if e["type"] == "settlement":
                for payer, payee, amount, _ in e["payments"]:
                    scores[payer] -= amount
                    scores[payee] += amount
                assert scores == e["scores"]
            elif e["type"] == "payment":
                for seat, sign in ((e["payer"], -1), (e["payee"], 1)):
                    if seat is None:
                        pot += sign * e["amount"]
                    else:
                        scores[seat] += sign * e["amount"]
            elif e["type"] == "game_end":
                assert scores == e["scores"] and pot == 0 and sum(scores) == 100000


def test_one_indicator_as_the_hands_are_dealt_and_one_more_per_kong_at_its_moment(logs: list[Path]) -> None:
    """A concealed kong's indicator follows the kong at once; an open or added kong's follows the konger's next
    discard; never more than one per kong, and never more than five."""
    timings = {"concealed": 0, "open": 0}
    for path in logs:
        for deal in deals(path):
            shown = [e for e in deal if e["type"] == "dora_indicator"]
            hands = next(k for k, e in enumerate(deal) if e["type"] == "hands")
            assert deal[hands + 1]["type"] == "dora_indicator" and deal[hands + 1]["indicator"] == 1
            assert [e["indicator"] for e in shown] == list(range(1, len(shown) + 1)) and len(shown) <= 5
            kongs = 0
            for k, e in enumerate(deal):
                if e["type"] == "kong" and e["way"] == "concealed":
                    kongs += 1
                    assert deal[k + 1]["type"] == "dora_indicator" and deal[k + 1]["indicator"] == kongs + 1
                    timings["concealed"] += 1
                elif e["type"] == "kong" or e["type"] == "claim" and e["kind"] == "kong":
                    kongs += 1
                    rest = deal[k + 1:]
                    discard = next((j for j, x in enumerate(rest) if x["type"] == "decision"
                                    and x["action"] == "discard"), None)
                    before = [x for x in rest[:discard] if x["type"] == "dora_indicator"]
                    assert not before or before[0]["indicator"] <= kongs, f"{path.name}: shown before the discard"
                    if discard is not None:
                        after = rest[discard + 1]
                        assert after["type"] == "dora_indicator" and after["indicator"] == kongs + 1, (path.name, e)
                        timings["open"] += 1
            ended_on_kong = deal[-1]["type"] == "deal_end" and kongs + 1 > len(shown)
            assert len(shown) == kongs + 1 or ended_on_kong, (path.name, len(shown), kongs)
    assert timings["concealed"] and timings["open"], timings


def test_each_indicator_is_the_tile_of_the_dead_wall_the_seed_put_there(logs: list[Path],
                                                                         ruleset: Ruleset) -> None:
    """Rebuilt from the log's own tiles: the deal's dead end, as the wall was broken, holds each indicator at the
    top of the third stack and of the stacks behind it -- and no seat ever drew it."""
    for path in logs[:2]:
        for deal in deals(path):
            taken = [e["tile"] for e in deal if e["type"] in ("draw", "replacement")]
            dealt = [t for e in deal if e["type"] == "hands" for hand in e["hands"] for t in hand]
            shown = [e["tile"] for e in deal if e["type"] == "dora_indicator"]
            # 136 tiles: 53 dealt, at most 122 - 53 drawn before the 14 of the dead wall.
            assert len(dealt) + len(taken) <= 136 - 14 + sum(e["type"] == "replacement" for e in deal)
            assert all(isinstance(t, str) for t in shown)
    wall = Wall(ruleset.tile_set(), _deal_rng(KEPT_SEED), ruleset.value("wall_ceremony"),
                exhaustive_draw_tiles_left=14)
    codes = ruleset.tiles().codes()
    first = next(e for e in lines(logs[-1]) if e["type"] == "dora_indicator")
    assert codes[wall.dead_wall_tile(4)] == first["tile"]


def _deal_rng(seed: int) -> Rng:
    """The first deal's generator, as docs/prng.md derives it: ``Rng.from_seed(seed).derive("deal", 0, 0)``."""
    return Rng.from_seed(seed).derive("deal", 0, 0)


def test_an_abortive_draw_ends_a_deal_and_keeps_the_pot(logs: list[Path]) -> None:
    reasons = [e["reason"] for path in logs for e in lines(path) if e["type"] == "abortive_draw"]
    assert "nine_terminals" in reasons


def test_the_game_ends_with_the_pot_to_the_first_place_and_the_uma(logs: list[Path], ruleset: Ruleset) -> None:
    uma = list(ruleset.value("x_uma"))
    for path in logs:
        events = lines(path)
        end = events[-1]
        k = len(events) - 1
        while events[k - 1]["type"] == "payment" and events[k - 1]["reason"] in ("uma", "riichi_sticks_left"):
            k -= 1
        tail = events[k:-1]
        before = list(end["scores"])
        for p in tail:
            for seat, sign in ((p["payer"], 1), (p["payee"], -1)):
                if seat is not None:
                    before[seat] += sign * p["amount"]
        net = [0] * 4
        for p in tail:
            if p["reason"] == "uma":
                net[p["payer"]] -= p["amount"]
                net[p["payee"]] += p["amount"]
        order = sorted(range(4), key=lambda s: (-before[s], s))
        if len(set(before)) == 4:  # no tie: each place its own uma
            assert [net[s] for s in order] == uma, (path.name, before, net)
        assert sum(net) == 0


def test_tied_seats_share_their_places_uma() -> None:
    from mahjong_example_riichi_mechanics.mechanics import transfers, uma_by_seat

    uma = [15000, 5000, -5000, -15000]
    assert uma_by_seat([30000, 30000, 20000, 20000], uma) == [10000, 10000, -10000, -10000]
    assert uma_by_seat([40000, 20000, 20000, 20000], uma) == [15000, -5000, -5000, -5000]
    assert uma_by_seat([25000] * 4, uma) == [0, 0, 0, 0]
    paid = transfers([15000, 5000, -5000, -15000], "uma")
    assert [(p["payer"], p["payee"], p["amount"]) for p in paid] == [(2, 0, 5000), (3, 0, 10000), (3, 1, 5000)]


def test_each_game_replays_byte_identically_and_audits_clean(logs: list[Path]) -> None:
    for path in logs:
        for mode in ("replay", "audit"):
            verdict = check(str(path), mode)
            assert verdict.ok, verdict.text()


def test_seed_26_writes_the_kept_log_byte_for_byte(logs: list[Path]) -> None:
    assert KEPT.exists(), f"run these tests from the repository: the kept log {KEPT} is not beside this package"
    assert logs[-1].read_bytes() == KEPT.read_bytes()


def test_view_shows_the_declaration_the_stick_the_indicators_and_the_uma(logs: list[Path]) -> None:
    mahjong = Path(sys.executable).with_name("mahjong")  # the installed command, as a player runs it
    result = subprocess.run([str(mahjong), "view", "--seat", "1", "--ascii",
                             str(logs[-1])], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    for text in ("declares riichi (locks the hand)", "pays 1000 into the pot (riichi_stick)",
                 "dora indicator: indicator 2", "abortive draw: nine terminals", "(uma)", "locked: ", "  shown "):
        assert text in result.stdout, text


def test_a_locked_seat_is_offered_only_the_drawn_tile_a_win_or_a_kong_that_keeps_its_waits(ruleset: Ruleset) -> None:
    """The options a locked seat is given, not only what it chose: only these survive the rule."""

    class Watching:
        kind = name = "watching"

        def __init__(self, inner: Any) -> None:
            self.inner = inner
            self.seen: list[tuple[str, int | None, int, list[Any]]] = []

        def choose(self, table: Table, seat: int, options: Any, phase: str) -> Any:
            declared = table.seats[seat].flags.get("locked")
            if declared is not None and (phase == "claim" or table.seats[seat].taken > declared):
                self.seen.append((phase, table.drawn_tile, seat, list(options)))
            return self.inner.choose(table, seat, options, phase)

    watched = []
    for seed in range(4):
        bots = [Watching(b) for b in make_bots(BOTS, seed)]
        watched += bots
        Game(ruleset, bots, seed).play()
    seen = [x for bot in watched for x in bot.seen]
    assert len(seen) > 20, "the games met few turns of a locked seat"
    for phase, drawn, _seat, options in seen:
        if phase == "claim":
            assert {o.kind for o in options} <= {"win", "pass"}
        else:
            assert all(o.kind == "win" or (o.kind == "discard" and o.tile == drawn)
                       or (o.kind == "kong" and o.way == "concealed" and o.tile == drawn) for o in options), options


def test_every_installed_bot_plays_it_and_its_games_audit_clean(ruleset: Ruleset, tmp_path: Path) -> None:
    """Each installed bot (this package's ``declaring`` among them) seated in turn, two games of three deals."""
    bots = sorted(installed_bots())
    assert "declaring" in bots
    for seed in (5, 6):
        seats = [bots[(seed + i) % len(bots)] for i in range(4)]
        (game,) = simulate(ruleset, seed, 1, seats, tmp_path / str(seed), max_deals=3)
        assert game.replay is not None
        verdict = check(str(game.replay), "audit")
        assert verdict.ok, verdict.text()


def test_the_lock_holds_after_the_declaring_discard_is_claimed(ruleset: Ruleset) -> None:
    """A claimed discard leaves its discarder's row, so the lock counts draws, not discards: a seat that declared
    after its third draw, whose declaring discard was then claimed, may still discard only the tile it drew."""
    from mahjong_example_riichi_mechanics.mechanics import mahjong_refused_options

    t = Table(players=4, scores=[25000] * 4)
    t.new_deal()
    s = t.seats[0]
    for kind in parse_tiles("123m456p789s111z23z"):
        s.counts[kind] += 1
    # Declared at its third draw, after three discards; its declaring discard was claimed, and a discard since: the
    # row holds three again, as at the declaration.  This is its fourth draw.
    s.flags["locked"], s.taken, s.discards = 3, 4, list(parse_tiles("9m9p9s"))
    t.drawn_tile = parse_tiles("3z")[0]
    options = [Action("discard", k) for k, n in enumerate(s.counts) if n]
    refused = mahjong_refused_options(ruleset=ruleset, table=t, seat=0, phase="turn", options=options)
    assert refused is not None and [o for o in options if o not in refused] == [Action("discard", t.drawn_tile)]
    s.taken = 3  # the declaring turn itself: any discard that keeps the hand ready (the 2z or the 3z)
    refused = mahjong_refused_options(ruleset=ruleset, table=t, seat=0, phase="turn", options=options)
    assert refused is not None
    assert [o for o in options if o not in refused] == [Action("discard", k) for k in parse_tiles("23z")]


def test_the_conformance_suite_passes(tmp_path: Path) -> None:
    """The same checks every bundled ruleset passes, run the way a plugin author runs them."""
    result = subprocess.run([sys.executable, "-m", "pytest", f"--mahjong-ruleset={RULESET}", "-p", "no:cacheprovider",
                             "-q"], cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
