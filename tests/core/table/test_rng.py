"""The sha256-ctr-v1 generator against its published vectors and its spec.

Two checks keep the vector file honest: the implementation must reproduce it
(``compute_vectors``), and a second, deliberately naive implementation written
from the text of ``docs/prng.md`` (the ``ref_*`` functions, hashlib only) must
reproduce it too, so the file cannot drift along with a change to the code.

Regenerate the file after an intended change of the algorithm (which needs a
new algorithm id) with ``PYTHONPATH=. python tests/core/table/test_rng.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.errors import MahjongError
from mahjong_core.hand.tiles import KINDS, build_tile_set
from mahjong_core.table.rng import ALGORITHM, Rng, deal_rng, parse_seed, seed_bytes
from mahjong_core.table.wall import Wall

ROOT = Path(__file__).resolve().parents[3]
VECTORS = ROOT / "tests" / "vectors" / "prng_vectors.json"
SPEC = ROOT / "docs" / "prng.md"
SEEDS: list[int | str] = [0, 1, 42, "mahjong"]
SALT = b"salt"
SUITS_AND_HONOURS = [{"group": g, "copies": 4} for g in ("characters", "dots", "bamboo", "winds", "dragons")]
SET_136 = build_tile_set(SUITS_AND_HONOURS)
SET_144 = build_tile_set(SUITS_AND_HONOURS + [{"group": "flowers", "copies": 1}, {"group": "seasons", "copies": 1}])


def codes(tiles: list[int] | tuple[int, ...]) -> list[str]:
    return [KINDS[t].code for t in tiles]


def compute_vectors() -> dict[str, Any]:
    """The vectors as the implementation computes them."""
    out: list[dict[str, Any]] = []
    for seed in SEEDS:
        game = Rng.from_seed(seed)
        u64 = [str(game.next_u64()) for _ in range(8)]
        game = Rng.from_seed(seed)
        below6 = [game.below(6) for _ in range(10)]
        deal = deal_rng(seed, 0, 0)
        entry: dict[str, Any] = {
            "seed": seed,
            "seed_bytes": seed_bytes(seed).hex(),
            "game_key": Rng.from_seed(seed).key.hex(),
            "u64": u64,
            "below6": below6,
            "deal_0_0": {"key": deal.key.hex(), "wall_key": deal.derive("wall").key.hex()},
        }
        for name, tile_set in (("144", SET_144), ("136", SET_136)):
            wall = Wall(tile_set, deal, {}, exhaustive_draw_tiles_left=14)
            brk = next(e for e in wall.events if e["type"] == "break")
            entry["deal_0_0"][name] = {
                "wall": codes(wall.order),
                "dice": [list(t) for t in wall.throws],
                "break": {"side": brk["side"], "position": brk["position"]},
                "hands": [codes(h) for h in wall.deal()],
                "commitment": wall.commitment(SALT),
            }
        out.append(entry)
    return {"algorithm": ALGORITHM, "commitment_salt": SALT.hex(), "vectors": out}


# -- an independent reference, written from docs/prng.md ---------------------


def ref_game_key(seed: int | str) -> bytes:
    payload = b"i" + str(seed).encode() if isinstance(seed, int) else b"s" + seed.encode("utf-8")
    return hashlib.sha256(b"mahjong-core/seed/v1" + b"\x00" + payload).digest()


def ref_derive(key: bytes, label: str, *ints: int) -> bytes:
    data = b"mahjong-core/derive/v1\x00" + key + len(label).to_bytes(2, "big") + label.encode()
    data += len(ints).to_bytes(2, "big") + b"".join(i.to_bytes(8, "big") for i in ints)
    return hashlib.sha256(data).digest()


class RefStream:
    def __init__(self, key: bytes) -> None:
        self.key, self.block, self.word = key, 0, 4
        self.digest = b""

    def u64(self) -> int:
        if self.word == 4:
            self.digest = hashlib.sha256(self.key + self.block.to_bytes(8, "big")).digest()
            self.block, self.word = self.block + 1, 0
        value = int.from_bytes(self.digest[8 * self.word : 8 * self.word + 8], "big")
        self.word += 1
        return value

    def below(self, n: int) -> int:
        threshold = 2**64 - (2**64 % n)
        while True:
            w = self.u64()
            if w < threshold:
                return w % n

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def ref_codes() -> list[str]:
    suited = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    return suited + [f"{n}z" for n in range(1, 8)] + [f"{n}f" for n in range(1, 5)] + [f"{n}y" for n in range(1, 5)]


def ref_set(bonus: bool) -> list[int]:
    return sorted([k for k in range(34) for _ in range(4)] + (list(range(34, 42)) if bonus else []))


@pytest.fixture(scope="module")
def vectors() -> dict[str, Any]:
    return json.loads(VECTORS.read_text(encoding="utf-8"))


def test_implementation_reproduces_vector_file(vectors: dict[str, Any]) -> None:
    assert compute_vectors() == vectors


def test_first_block_by_hand() -> None:
    """Seed 0, straight from the spec's byte layout, no helper at all."""
    key = hashlib.sha256(b"mahjong-core/seed/v1\x00i0").digest()
    block0 = hashlib.sha256(key + b"\x00" * 8).digest()
    words = [int.from_bytes(block0[i : i + 8], "big") for i in range(0, 32, 8)]
    rng = Rng.from_seed(0)
    assert [rng.next_u64() for _ in range(4)] == words


def test_reference_reproduces_vector_file(vectors: dict[str, Any]) -> None:
    assert vectors["algorithm"] == "sha256-ctr-v1"
    names = ref_codes()
    for entry in vectors["vectors"]:
        seed = entry["seed"]
        key = ref_game_key(seed)
        assert entry["game_key"] == key.hex()
        stream = RefStream(key)
        assert entry["u64"] == [str(stream.u64()) for _ in range(8)]
        stream = RefStream(key)
        assert entry["below6"] == [stream.below(6) for _ in range(10)]
        deal_key = ref_derive(key, "deal", 0, 0)
        assert entry["deal_0_0"]["key"] == deal_key.hex()
        wall_key = ref_derive(deal_key, "wall")
        assert entry["deal_0_0"]["wall_key"] == wall_key.hex()
        dice = RefStream(ref_derive(deal_key, "dice"))
        throws = [[1 + dice.below(6) for _ in range(2)] for _ in range(2)]
        for name, bonus in (("144", True), ("136", False)):
            tiles = ref_set(bonus)
            RefStream(wall_key).shuffle(tiles)
            got = entry["deal_0_0"][name]
            assert got["wall"] == [names[t] for t in tiles]
            assert got["dice"] == throws
            assert got["commitment"] == hashlib.sha256(SALT + bytes(tiles)).hexdigest()


def test_spec_page_publishes_the_vectors(vectors: dict[str, Any]) -> None:
    spec = SPEC.read_text(encoding="utf-8")
    for entry in vectors["vectors"]:
        for word in entry["u64"]:
            assert word in spec
        assert " ".join(map(str, entry["below6"])) in spec
        for name in ("144", "136"):
            data = entry["deal_0_0"][name]
            side = len(data["wall"]) // 4
            for i in range(4):
                assert " ".join(data["wall"][i * side : (i + 1) * side]) in spec
            assert data["commitment"] in spec


# -- properties ----------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 2**63), st.integers(0, 2**32))
def test_below_in_range_and_as_specified(n: int, seed: int) -> None:
    rng = Rng.from_seed(seed)
    ref = RefStream(rng.key)
    for _ in range(5):
        value = rng.below(n)
        assert 0 <= value < n
        assert value == ref.below(n)


def test_below_rejects_as_specified() -> None:
    """n = 2**63 + 1 rejects about half the words: the rule is exercised."""
    n = 2**63 + 1
    rng, ref = Rng.from_seed("reject"), RefStream(ref_game_key("reject"))
    raw = RefStream(ref_game_key("reject"))
    assert any(raw.u64() >= n for _ in range(64))  # rejections do happen in this stream
    assert [rng.below(n) for _ in range(20)] == [ref.below(n) for _ in range(20)]
    assert Rng.from_seed(5).below(2**64) == RefStream(ref_game_key(5)).u64()


def test_below_one_consumes_a_word() -> None:
    a, b = Rng.from_seed(9), Rng.from_seed(9)
    assert a.below(1) == 0
    b.next_u64()
    assert a.next_u64() == b.next_u64()


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed("uniform")
    samples = 60_000
    counts = [0] * 6
    for _ in range(samples):
        counts[rng.below(6)] += 1
    expected = samples / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 20.5  # 5 degrees of freedom, p ~ 0.001
    big = [Rng.from_seed(s).below(10**18) for s in range(2000)]
    assert abs(sum(big) / len(big) / 10**18 - 0.5) < 4 * math.sqrt(1 / 12 / len(big))


@given(st.lists(st.integers(), max_size=200), st.integers(0, 2**64 - 1))
def test_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    shuffled = list(items)
    Rng.from_seed(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    reference = list(items)
    RefStream(Rng.from_seed(seed).key).shuffle(reference)
    assert shuffled == reference


def test_shuffle_and_single_draws_share_the_stream() -> None:
    """shuffle() inlines below(): the stream position afterwards must agree."""
    a, b = Rng.from_seed(3), Rng.from_seed(3)
    a.next_u64()
    b.next_u64()
    items = list(range(37))
    a.shuffle(items)
    expected = list(range(37))
    for i in range(36, 0, -1):
        j = b.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert a.next_u64() == b.next_u64()


@given(st.integers(0, 50))
def test_dice_in_range(seed: int) -> None:
    throw = Rng.from_seed(seed).dice(40)
    assert len(throw) == 40
    assert all(1 <= d <= 6 for d in throw)


@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 2**40))
def test_deal_streams_are_independent(round_index: int, deal_number: int, seed: int) -> None:
    in_sequence = []
    for d in range(deal_number + 1):
        rng = deal_rng(seed, round_index, d)
        in_sequence.append([rng.next_u64() for _ in range(3)])
    alone = deal_rng(seed, round_index, deal_number)
    assert [alone.next_u64() for _ in range(3)] == in_sequence[-1]
    assert alone.key == ref_derive(ref_game_key(seed), "deal", round_index, deal_number)
    if deal_number:
        assert in_sequence[-1] != in_sequence[-2]


def test_derive_ignores_consumption() -> None:
    a, b = Rng.from_seed(1), Rng.from_seed(1)
    for _ in range(11):
        a.next_u64()
    assert a.derive("wall").next_u64() == b.derive("wall").next_u64()
    assert a.derive("wall").key != a.derive("dice").key
    assert a.derive("deal", 0, 1).key != a.derive("deal", 1, 0).key


def test_seed_encoding() -> None:
    assert seed_bytes(0) == b"i0"
    assert seed_bytes(42) == b"i42"
    assert seed_bytes("mahjong") == b"smahjong"
    assert seed_bytes(b"\x01") == b"b\x01"
    assert Rng.from_seed(42).key != Rng.from_seed("42").key
    assert parse_seed("42") == 42
    assert parse_seed("042") == "042"
    assert parse_seed("club night") == "club night"
    assert Rng.from_seed(2**200).key == ref_game_key(2**200)


def test_a_seed_a_log_cannot_hold_is_refused_where_it_is_typed(tmp_path: Path) -> None:
    """A log holds integers within 2**53 - 1 (strict decoding), so a larger seed would write a log its audit refuses."""
    import subprocess
    import sys

    from mahjong_core.log.format import header
    from mahjong_core.rules import load_ruleset

    assert parse_seed(str(2**53 - 1)) == 2**53 - 1
    for text in (str(2**53), "9" * 5000):
        with pytest.raises(MahjongError, match=r"beyond 9007199254740991 \(2\*\*53 - 1\)"):
            parse_seed(text)
    with pytest.raises(MahjongError, match="integer seed is 0 to 9007199254740991"):
        header(load_ruleset("harbin"), 2**63, "x", [], [], {})
    run = subprocess.run([sys.executable, "-m", "mahjong_core", "simulate", "--ruleset", "harbin", "--seed",
                          "99999999999999999999", "--out", str(tmp_path)], capture_output=True, text=True, check=False)
    assert run.returncode == 2 and "Traceback" not in run.stderr and "beyond 9007199254740991" in run.stderr
    assert not list(tmp_path.iterdir()), "no log is written"


@pytest.mark.parametrize("bad", [-1, True, 1.5, None])
def test_bad_seed_is_a_located_error(bad: object) -> None:
    with pytest.raises(MahjongError) as info:
        Rng.from_seed(bad)  # type: ignore[arg-type]
    assert info.value.place == "seed"


@pytest.mark.parametrize("n", [0, -3, 2**64 + 1])
def test_below_rejects_bad_bounds(n: int) -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(0).below(n)


def test_bad_keys_and_labels() -> None:
    with pytest.raises(ValueError):
        Rng(b"short")
    with pytest.raises(ValueError):
        Rng.from_seed(0).derive("")
    with pytest.raises(ValueError):
        Rng.from_seed(0).derive("deal", -1)


def dump_vectors(data: Any, indent: str = "") -> str:
    """JSON with every list of plain values on one line, so the file diffs well."""
    inner = indent + "  "
    if isinstance(data, dict):
        items = [f"{inner}{json.dumps(k)}: {dump_vectors(v, inner)}" for k, v in data.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(data, list) and any(isinstance(v, dict | list) for v in data):
        return "[\n" + ",\n".join(inner + dump_vectors(v, inner) for v in data) + "\n" + indent + "]"
    return json.dumps(data, ensure_ascii=False)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    VECTORS.parent.mkdir(parents=True, exist_ok=True)
    VECTORS.write_text(dump_vectors(compute_vectors()) + "\n", encoding="utf-8")
    print(f"wrote {VECTORS}")


def test_a_text_seed_names_a_file_every_file_system_can_make() -> None:
    from mahjong_core.log.simulate import MAX_LOG_NAME, log_name
    from mahjong_core.rules import load_ruleset

    harbin = load_ruleset("harbin")
    assert log_name(harbin, 42) == "harbin-seed42.jsonl"
    assert log_name(harbin, "club night") == "harbin-seedclub night.jsonl"
    assert log_name(harbin, "a/b\\c\td\n") == "harbin-seeda_b_c_d_.jsonl"
    long_a, long_b = "é" * 256, "é" * 255 + "e"
    names = {log_name(harbin, long_a), log_name(harbin, long_b)}
    assert len(names) == 2 and all(len(n.encode("utf-8")) <= MAX_LOG_NAME for n in names)
    with pytest.raises(MahjongError, match="at most 256"):
        parse_seed("x" * 257)
