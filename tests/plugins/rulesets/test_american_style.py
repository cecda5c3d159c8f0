"""The American game played with a card of fixed hands (``american_style``, issue 34 item 11): 152 tiles -- eight
flowers held in the hand and eight jokers beside the 136 --, the Charleston, calls only for exposures a hand of
the card can use, the joker exchange, a discarded joker dead, a kong that takes no loose tile, the dead hand, and
a club's own card named by a house rule."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.cards.card import COPIES, KEYS, read_card
from mahjong_rulesets.cards.matching import alive, completed
from mahjong_rulesets.mechanisms.card_hands import card_of, card_path, seen_tiles

from mahjong_core import load_ruleset
from mahjong_core.audit.check import check
from mahjong_core.errors import DataFileError
from mahjong_core.hand.melds import ClaimedFrom, Meld, MeldKind
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.family_scoring import check_winning_size
from mahjong_core.table.state import Seat, Table

ROOT = Path(__file__).parents[3]
EXAMPLE = ROOT / "plugins" / "cards" / "example_card.yaml"
CARD_BOTS = ["card"] * 4


@pytest.fixture(scope="module")
def ruleset() -> Any:
    return load_ruleset("american_style")


@pytest.fixture(scope="module")
def games(ruleset: Any, tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, list[dict[str, Any]]]]:
    """Two seeded games of card bots and one of random, greedy and card bots (four deals each): logs, events."""
    out = []
    for seed, bots in ((1, CARD_BOTS), (2, CARD_BOTS), (5, ["random", "card", "greedy", "random"])):
        path = tmp_path_factory.mktemp(f"american{seed}") / "game.jsonl"
        play_game(ruleset, seed, bots, replay=path, max_deals=4)
        out.append((path, [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]))
    return out


def test_the_set_is_152_tiles_with_eight_flowers_held_and_eight_jokers(ruleset: Any) -> None:
    tiles = ruleset.tiles()
    counts = Counter(tiles.code(t) for t in tiles.tiles)
    assert len(tiles.tiles) == 152 and counts["1f"] == 8 and counts["1j"] == 8
    assert not tiles.is_bonus(tiles.tiles[-9]) and tiles.extra_playing  # a flower is a playing tile
    assert card_path(ruleset).resolve() == EXAMPLE.resolve() and card_of(ruleset).tiles == 14


def test_card_bots_win_with_jokers_and_the_games_audit_clean(games: list[tuple[Path, list[dict[str, Any]]]]) -> None:
    wins = [e for _, events in games for e in events if e["type"] == "score" and e["value"] > 0]
    assert wins and all(e["items"][0]["source"].startswith("card: mahjong_core example card") for e in wins)
    for path, _ in games:
        verdict = check(str(path))
        assert verdict.ok, verdict


def test_a_discarded_joker_is_never_claimed_and_jokers_are_exchanged(
        games: list[tuple[Path, list[dict[str, Any]]]]) -> None:
    events = [e for _, evs in games for e in evs]
    discards = [e for e in events if e["type"] == "decision" and e["action"] == "discard"]
    assert any(e["tile"] == "1j" for e in discards)  # a random bot lets jokers go
    # a discarded joker is dead (amja_jokers section 1): no seat is ever offered it, for a meld or for mahjong
    assert not any(e["type"] == "decision" and e["phase"] == "claim" and e.get("tile") == "1j" for e in events)
    assert not any(e["type"] in ("claim", "mahjong") and e.get("tile") == "1j" for e in events)
    assert any(e["type"] == "joker_exchange" for e in events)
    assert not any(e["type"] == "claim" and e["kind"] == "chow" for e in events)


def test_a_kong_takes_no_loose_tile(games: list[tuple[Path, list[dict[str, Any]]]]) -> None:
    events = [e for _, evs in games for e in evs]
    kongs = [i for i, e in enumerate(events) if e["type"] in ("claim", "kong") and e.get("kind", "kong") == "kong"]
    assert kongs
    assert not any(e["type"] == "replacement" for e in events)  # no kong, no bonus tile: no loose tile at all


def test_a_seat_holding_flowers_and_jokers_reads_as_its_tiles_and_jokers(ruleset: Any) -> None:
    seat = Seat(counts=[0] * 35)
    for kind, n in ((0, 2), (10, 3), (20, 2), (34, 2)):  # 1m 1m, 2p x3, 3s 3s, two flowers
        seat.counts[kind] = n
    seat.held_jokers = [99, 99]  # two jokers held
    rule = ruleset.tiles()
    assert rule.width == 35
    from mahjong_core.hand.jokers import JokerRule
    seat.joker_rule = JokerRule()
    seat.melds = [Meld(MeldKind.PUNG, (30, 30, 30), exposed=True, claimed_from=ClaimedFrom.LEFT, jokers=(30,))]
    hand = seat.to_hand(0)
    assert hand.jokers == 2 and not hand.wild and hand.winning_tile == 0
    assert sorted(hand.concealed).count(34) == 2 and len(hand.concealed) == 8
    check_winning_size(ruleset, hand)  # 8 + the winning tile + 2 jokers held + a pung: 14; 15 is refused
    seat.held_jokers.append(99)
    with pytest.raises(Exception, match="14 tiles"):
        check_winning_size(ruleset, seat.to_hand(0))


CLUB_CARD = (
    "card: 1\ntitle: Our club's card\ntiles: 14\njokers_in_groups_of: 3\nhands:\n"
    "  - id: four_and_a_pair\n    name: Four pungs and a pair\n    value: 25\n    groups:\n"
    "      - {count: 3, suit: A, number: x}\n      - {count: 3, suit: A, number: x+1}\n"
    "      - {count: 3, suit: B, number: x}\n      - {count: 3, suit: B, number: x+1}\n"
    "      - {count: 2, dragon: any}\n")


def club_ruleset(folder: Path, card_text: str = CLUB_CARD) -> Any:
    """A club's house rule over american_style naming its own card by its absolute path."""
    card = folder / "club-card.yaml"
    card.write_text(card_text, encoding="utf-8")
    house = folder / "club.yaml"
    house.write_text(
        "id: our_club\nversion: 1.0.0\nname: Our club's American game\nextends: american_style\n"
        f"parameters:\n  card: {{value: {str(card)!r}, assumption: \"the card our club owns\"}}\n", encoding="utf-8")
    return load_ruleset(house)


def test_a_hand_is_dead_when_the_real_tiles_it_needs_are_gone(tmp_path: Path) -> None:
    card = card_of(club_ruleset(tmp_path))
    seen = [0] * KEYS
    assert alive(card, [(0, 3)], seen)  # a pung of 1m: the hand with 1m 2m, or with 1m in the second suit
    assert not alive(card, [(0, 3), (27, 3)], seen)  # a pung of East fits no hand of this card
    for dragon in (31, 32, 33):
        seen[dragon] = 3  # three of each dragon seen: the real pair of one can no longer be had (amja_dead)
    assert not alive(card, [(0, 3)], seen)
    seen[33] = 2
    assert alive(card, [(0, 3)], seen)
    assert not alive(card, [], list(COPIES))  # nothing left to make anything from


def test_the_claim_window_refuses_a_dead_seat_s_call(tmp_path: Path) -> None:
    from mahjong_rulesets.mechanisms.card_hands import mahjong_claim_allowed

    from mahjong_core.plugin import Claim

    club = club_ruleset(tmp_path)
    table = Table(players=4)
    table.tiles = club.tiles()
    table.new_deal()
    claim = Claim(1, "pung", (0, 0))  # a pung of 1m on seat 0's discard
    table.seats[0].discards.append(0)
    table.last_discard, table.last_discarder = 0, 0
    assert mahjong_claim_allowed(ruleset=club, table=table, claim=claim) is None
    assert seen_tiles(table)[0] == 0  # the discard asked about is not yet dead
    table.seats[2].discards.extend([31, 31, 31, 32, 32, 32])
    table.seats[3].discards.extend([33, 33, 33])
    assert seen_tiles(table)[31:34] == [3, 3, 3]
    assert mahjong_claim_allowed(ruleset=club, table=table, claim=claim) is False
    assert mahjong_claim_allowed(ruleset=club, table=table, claim=Claim(1, "chow", (1, 2))) is False


def test_a_club_plays_its_own_card_by_a_house_rule(tmp_path: Path) -> None:
    club = club_ruleset(tmp_path)
    assert card_path(club) == tmp_path / "club-card.yaml" and card_of(club).title == "Our club's card"
    assert [r.hand.id for r in completed(card_of(club), _counts("1m1m1m2m2m2m1p1p1p2p2p2p7z7z"), 0)] \
        == ["four_and_a_pair"]
    log = tmp_path / "club.jsonl"
    play_game(club, 3, CARD_BOTS, replay=log, max_deals=2)
    assert check(str(log)).ok
    broken = CLUB_CARD.replace("value: 25", "value: lots").replace("count: 2, dragon", "count: 2, dragoon")
    (tmp_path / "club-card.yaml").write_text(broken, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_card(tmp_path / "club-card.yaml")
    lines = broken.splitlines()
    assert sorted(e.line for e in caught.value.errors) == [
        next(i + 1 for i, line in enumerate(lines) if mark in line) for mark in ("value: lots", "dragoon")]


def test_the_card_is_part_of_the_ruleset_s_identity(tmp_path: Path) -> None:
    """A log records the ruleset's hash; the card's content is in it, so a log played under one card is refused,
    naming both hashes and the card, when audited under an edited card (issue 34 item 11)."""
    club = club_ruleset(tmp_path)
    log = tmp_path / "club.jsonl"
    play_game(club, 3, CARD_BOTS, replay=log, max_deals=1)
    assert check(str(log)).ok
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["ruleset"]["sha256"] == club.sha256
    # the same card written otherwise (a comment, another layout) is the same content: the same ruleset
    assert club_ruleset(tmp_path, "# our card\n" + CLUB_CARD.replace("value: 25", "value:    25")).sha256 \
        == club.sha256
    edited = club_ruleset(tmp_path, CLUB_CARD.replace("value: 25", "value: 30"))
    assert edited.sha256 != club.sha256 and edited.files["card"]["path"] == str(tmp_path / "club-card.yaml")
    verdict = check(str(log))
    assert not verdict.ok
    problem = verdict.error or ""
    assert club.sha256 in problem and edited.sha256 in problem and "club-card.yaml" in problem, problem
    club_ruleset(tmp_path)  # card A again: the log audits clean
    assert check(str(log)).ok


def test_the_example_card_is_in_the_bundled_ruleset_s_hash(ruleset: Any) -> None:
    assert ruleset.files["card"]["content"]["title"] == "mahjong_core example card"
    from mahjong_core.rules.identity import tables_sha256

    assert ruleset.sha256 != tables_sha256(ruleset.raw_tables)  # the tables alone hash otherwise


def test_a_quint_or_sextet_is_offered_on_a_discard_with_the_seat_s_copies_and_jokers(ruleset: Any) -> None:
    """A quint (five alike) or a sextet (six) is exposed on a called discard as a pung or kong is (mahjlife_280,
    sloperama_771 section 9): the discard, the seat's copies, jokers for the rest -- where a hand of the card
    holds such a group (the example card: a quint of 2s or 4s, even_orchard; a sextet of any number,
    sextet_tide)."""
    from mahjong_rulesets.mechanisms.card_hands import mahjong_claim_options

    from mahjong_core.plugin import ANY_JOKER, Action

    table = Table(players=4)
    table.tiles = ruleset.tiles()
    table.new_deal()
    seat = table.seats[1]
    seat.counts[12] = 2  # two 4p
    seat.held_jokers = [ANY_JOKER, ANY_JOKER]
    table.seats[0].discards.append(12)
    table.last_discard, table.last_discarder = 12, 0
    quint = Action("kong", 12, (12, 12, ANY_JOKER, ANY_JOKER), way="from_discard")
    assert mahjong_claim_options(ruleset=ruleset, table=table, seat=1, discarder=0, tile=12) == [quint]
    seat.held_jokers.append(ANY_JOKER)  # a third joker: the sextet, and the quint with one copy kept back
    offered = mahjong_claim_options(ruleset=ruleset, table=table, seat=1, discarder=0, tile=12)
    assert [len(o.tiles) + 1 for o in offered] == [5, 5, 6] and quint in offered
    # a quint of 3p is in no hand of the card; the sextet of 3p is (any number): only it is offered
    seat.counts[12], seat.counts[11] = 0, 2
    table.seats[0].discards[-1] = table.last_discard = 11
    assert [len(o.tiles) + 1 for o in mahjong_claim_options(ruleset=ruleset, table=table, seat=1, discarder=0,
                                                             tile=11)] == [6]
    seat.held_jokers = [ANY_JOKER]  # too few tiles for either
    assert mahjong_claim_options(ruleset=ruleset, table=table, seat=1, discarder=0, tile=11) == []


@pytest.mark.parametrize("seed, bots, tiles", [(23, ["card", "random", "random", "random"], ["2m"] * 5),
                                               (42, ["random", "card", "random", "random"], ["6m"] * 6)],
                         ids=["quint", "sextet"])
def test_a_large_exposure_is_played_replayed_and_audited(tmp_path: Path, seed: int, bots: list[str],
                                                         tiles: list[str]) -> None:
    """A quint (a card bot's) and a sextet called on a discard in seeded games (a kong of five or six tiles, jokers
    among them; no loose tile is drawn, kong_loose_tile: false: the claimer discards next); each game replays byte
    for byte and audits clean."""
    ruleset = load_ruleset("american_style")
    log = tmp_path / "large.jsonl"
    play_game(ruleset, seed, bots, replay=log, max_deals=4)
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    large = [e for e in events if e["type"] == "claim" and len(e["tiles"]) > 4]
    assert large and large[0]["kind"] == "kong" and large[0]["tiles"] == tiles
    assert 0 < len(large[0]["jokers"]) < len(large[0]["tiles"])  # jokers beside the discard and real copies
    after = events[events.index(large[0]) + 1]
    assert after["type"] == "decision" and after["action"] == "discard" and after["actor"] == large[0]["seat"]
    assert check(str(log)).ok and check(str(log), "audit").ok


def _counts(text: str) -> list[int]:
    from mahjong_core.hand.notation import parse_tiles

    counts = [0] * KEYS
    for kind in parse_tiles(text):
        counts[kind] += 1
    return counts


def test_a_hand_of_jokers_alone_plays_on_to_its_discard(tmp_path: Path) -> None:
    """A random seat that gave its last tile for an exposure's joker holds jokers alone: its turn offers no win
    (there is no tile to name) and it discards a joker (seed 57 met it; the game then stopped).  The game plays to
    its end and audits clean."""
    log = tmp_path / "jokers.jsonl"
    play_game(load_ruleset("american_style"), 57, ["card", "random", "random", "random"], replay=log, max_deals=4)
    assert check(str(log)).ok and check(str(log), "audit").ok


class SeenWatcher:
    """At every event, the tiles seen as seen_tiles keeps them (added to since its last ask) and as counted afresh
    from every seat's discards and exposures, the pending discard left out."""

    def __init__(self) -> None:
        self.checked = 0

    @staticmethod
    def afresh(table: Table) -> list[int]:
        seen = [0] * KEYS
        for s in table.seats:
            for kind in [*s.discards, *(t for meld in s.melds for t in meld.tiles)]:
                if kind < 42:
                    seen[kind if kind < 34 else KEYS - 1] += 1
            for meld in s.melds:
                for kind in meld.jokers:
                    seen[kind if kind < 34 else KEYS - 1] -= 1
        pending, discarder = table.last_discard, table.last_discarder
        if pending is not None and pending < 42 and discarder is not None \
                and table.seats[discarder].discards[-1:] == [pending]:  # a discarded joker is no card's kind
            seen[pending if pending < 34 else KEYS - 1] -= 1
        return seen

    from mahjong_core.plugin import hookimpl

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if table.phase == "turns" and table.seats:
            assert seen_tiles(table) == self.afresh(table), event
            self.checked += 1


def test_the_seen_tiles_kept_between_asks_are_those_counted_afresh(ruleset: Any) -> None:
    """seen_tiles adds the discards made since its last ask (the dead hand asks it at every call a seat could
    make); at every event of seeded games -- calls, joker exchanges, a new deal's seats -- it counts what a count
    from scratch does."""
    from mahjong_core import Game
    from mahjong_core.engine.players import make_bots

    watcher = SeenWatcher()
    for seed in (5, 23):
        Game(ruleset, make_bots(["card", "random", "card", "random"], seed), seed, observers=(watcher,),
             max_deals=4).play()
    assert watcher.checked > 1000
