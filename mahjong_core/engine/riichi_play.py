"""The greedy bot's riichi: declare a ready concealed hand, keep a yaku in reach when open, fold against a declaration.

The greedy bot plays by shanten alone, and under riichi's rules that loses in three ways: it never declares (so
a concealed hand without a yaku of its own waits only on its own draw), it opens its hand into ready hands no tile
may win (a hand needs a yaku), and it pushes any tile into a declared hand.  This is the play it adds, switched on
by what the game offers rather than by a ruleset's name: where the game's vocabulary holds the riichi
declaration (the action kind ``riichi`` that the ``riichi_declaration`` mechanism offers, the name riichi's facts
take in :mod:`mahjong_core.hand.situation`, and the seat flag it sets).  In every other game the table's
vocabulary lacks it and the greedy bot plays as it always has, decision for decision.

* **Declares** whenever the declaration is offered (the mechanism offers it only to a concealed, ready hand with
  a stick to pay and draws to come), then discards the tile that leaves the most unseen tiles of its waits.
* **Keeps a yaku in reach** once it would open its hand: a claim that leaves the hand ready is made only where
  some wait would win, as the game itself judges a win (``Table.judge``: the ruleset's objections, the
  minimum value among them, on the family's score -- no list of yaku here); a claim that leaves it further is
  made only along a course that carries one: a pung of a value tile (a dragon, the seat's or the round's wind)
  among its melds, or every meld of simples (all simples).  An open hand never discards into a ready hand with
  no winning wait while another discard is as near; among discards as good it keeps the most winning tiles,
  and an all-simples course lets terminals and honours go first.  A concealed hand needs none of this: it can
  always declare.
* **Folds** against another seat's declaration while its own hand is two or more from ready: it discards a tile
  the declarer cannot win on (genbutsu) -- one in the declarer's own discards (its furiten), or one let go by
  since the declaration -- and, holding none, the least dangerous tile (an honour in sight, suji, a terminal);
  it makes no claim but a win.  Ready or one from ready, it pushes.

Where the declaration costs nothing (``riichi_declaration.stick: 0``: Korea's "uper", one bonus point and no bet
placed), the bot only declares -- whenever it may, then discarding for the most unseen waits; with its hand shown
(the exposed declaration, where offered) where a discard leaves three kinds of waits and nine unseen tiles of them,
as :meth:`RiichiPlay._open_or` says -- and otherwise plays
by shanten alone, as cheaply as it always has: the yaku it keeps in reach and the folding are the play of a game
where a declaration is a bet (in Korea's game they cost a seventh of a greedy deal's instructions).

"Let go by since the declaration" needs the order of the discards, which the table does not keep (a claimed
discard leaves its row): the bot notes the rows' lengths at its first decision after it sees a declaration, and
counts as passed only the discards after that.  That is never more than the truth (a discard it missed is
merely not counted safe), and the note is kept for the current deal of the current table only, so a game
replayed decision by decision gets the same decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from mahjong_core.hand import shanten as shanten_mod
from mahjong_core.hand.melds import Hand, Meld, MeldKind
from mahjong_core.hand.tiles import NUM_PLAYING_KINDS, WHITE
from mahjong_core.table.rng import Rng
from mahjong_core.table.state import Action, HandJudge, Table, meld_of

#: The greedy bot's claim: ``claim(counts, options, keeps)`` takes the claim that lowers shanten most among those
#: ``keeps(option, shanten left)`` allows, or passes.
ClaimChoice = Callable[[list[int], Sequence[Action], Callable[[Action, int], bool]], Action]

#: The declaration's action kind, and the seat flag it sets (the ``riichi_declaration`` mechanism's words).
DECLARE = "riichi"
#: The exposed declaration's action kind (the ``open_declaration`` mechanism's word), offered beside ``riichi``.
OPEN = "open_riichi"
#: The exposed declaration is made where the best declaring discard leaves at least so many kinds of waits, and
#: at least so many unseen tiles of them (econovill's column on Korea's bullo, its point 8: three kinds, nine tiles).
OPEN_KINDS, OPEN_TILES = 3, 9
#: From this many tiles from ready (after the best discard) a seat facing a declaration folds.
FOLD_SHANTEN = 2
#: The first wind's kind: a seat's or the round's wind is ``FIRST_WIND + wind``.
FIRST_WIND = 27
_CLAIMS = {"pung": MeldKind.PUNG, "kong": MeldKind.KONG, "chow": MeldKind.CHOW}


def free_declaration(judge: HandJudge) -> bool:
    """Whether the game's declaration costs nothing (``riichi_declaration.stick: 0``)."""
    value = judge.ruleset.get("riichi_declaration")
    return isinstance(value, Mapping) and value.get("stick") == 0


def plays_riichi(table: Table) -> HandJudge | None:
    """The game's judge where the game offers the riichi declaration, else ``None`` (the greedy bot's own play)."""
    judge = table.judge
    return judge if judge is not None and DECLARE in judge.actions else None


def isolated(counts: Sequence[int], kind: int) -> bool:
    """A single tile with nothing within two of it in its suit (an honour has no neighbours): the greedy bot's
    first choice among discards as good."""
    if counts[kind] > 1:
        return False
    if kind >= FIRST_WIND:
        return True
    low, high = kind - kind % 9, kind - kind % 9 + 8
    return not any(counts[n] for n in range(max(low, kind - 2), min(high, kind + 2) + 1) if n != kind)


def simple(kind: int) -> bool:
    """A suit tile from 2 to 8."""
    return kind < FIRST_WIND and 0 < kind % 9 < 8


def simples_probe(table: Table) -> Hand | None:
    """An open hand of simples with no other yaku, in the table's tiles (:meth:`RiichiPlay.simples_win`): 234m
    claimed, 456m, 456p, 678s and 88p on the 8p; where the set lacks one of these (a suit left out), the same
    shape in the first two suits whose simples it holds -- 234 claimed and 456 in the first, 456, 678 and 88 on
    the 8 in the second -- and ``None`` where it holds fewer than two such suits."""
    players = table.players
    tiles = table.tiles
    probe = (3, 4, 5, 12, 13, 14, 16, 23, 24, 25)
    if tiles is None or all(tiles.kinds[k] is not None for k in (1, 2, *probe)):
        chow = meld_of(MeldKind.CHOW, (1, 2, 3), exposed=True, claimed_from=players - 1, seats=players)
        return Hand(probe, (chow,), (), 16)  # 456m 456p 8p 678s, on 8p
    suits = [base for base in (0, 9, 18) if all(tiles.kinds[base + n] is not None for n in range(1, 8))]
    if len(suits) < 2:
        return None
    a, b = suits[:2]
    chow = meld_of(MeldKind.CHOW, (a + 1, a + 2, a + 3), exposed=True, claimed_from=players - 1, seats=players)
    return Hand((a + 3, a + 4, a + 5, b + 3, b + 4, b + 5, b + 5, b + 6, b + 7, b + 7), (chow,), (), b + 7)


class RiichiPlay:
    """The riichi play of one greedy bot in one game (see the module docstring); ``choose`` answers ``None`` where
    the greedy bot's own choice stands."""

    __slots__ = ("table", "judge", "declares_only", "deal", "marks", "verdicts", "_simples_win")

    def __init__(self, table: Table, judge: HandJudge) -> None:
        self.table = table
        self.judge = judge
        #: Whether it only declares (a declaration that costs nothing: the module docstring).
        self.declares_only = free_declaration(judge)
        self.deal = -1
        #: Per declarer, every row's length when this bot first saw its declaration (this deal).
        self.marks: dict[int, list[int]] = {}
        #: The winning waits of the ready hands judged this deal, by seat, concealed tiles and melds: an open
        #: hand comes back to the same few ready shapes turn after turn, and each judgement scores a hand.
        self.verdicts: dict[tuple[int, bytes, tuple[Meld, ...]], list[int]] = {}
        #: Whether an open hand of simples alone wins in this game (:meth:`simples_win`), once asked.
        self._simples_win: bool | None = None

    def choose(self, rng: Rng, claim: ClaimChoice, seat: int, options: Sequence[Action], phase: str) -> Action | None:
        """The bot's decision, ``rng`` its generator (ties) and ``claim`` its claim; ``None``: greedy's own."""
        if self.declares_only:
            return self._declaration(rng, seat, options) if phase == "turn" else None
        table = self.table
        self._note_declarations()
        s = table.seats[seat]
        threats = [d for d in self.marks if d != seat]
        if len(options) == 1:  # a locked hand's turn, mostly: the tile it drew
            return options[0]
        if phase == "claim":
            if DECLARE in s.flags:  # locked: only a win or a pass, and a win was taken already
                return next((o for o in options if o.kind == "pass"), None)
            if threats and s.shanten() >= FOLD_SHANTEN:
                return next((o for o in options if o.kind == "pass"), None)
            return claim(s.counts, options, lambda option, value: self.keeps_yaku(seat, option, value))
        if phase != "turn":
            return None
        declare = next((o for o in options if o.kind == DECLARE), None)
        if declare is not None:
            return self._open_or(seat, options, declare)
        declared = s.flags.get(DECLARE)
        if declared is not None:  # the declaring turn picks its waits; later turns are the lock's (greedy's own)
            return self._most_waits(rng, seat, options) if declared == s.taken else None
        # A hand of 3k + 2 tiles: its own shanten is what its best discard leaves (greedy's _claim says why).  Asked
        # of the hand module, not the seat: the seat remembers the hand as it was offered the last discard.
        if threats and shanten_mod.shanten(bytes(s.counts)) >= FOLD_SHANTEN:
            folded = self._fold(rng, seat, options, threats, shanten_mod.shanten_after_discards(s.counts))
            if folded is not None:
                return folded
        if any(m.exposed for m in s.melds):
            return self._open_turn(rng, seat, options, shanten_mod.shanten_after_discards(s.counts))
        return None

    def _declaration(self, rng: Rng, seat: int, options: Sequence[Action]) -> Action | None:
        """A turn where the bot only declares: the declaration when offered, the declaring turn's discard for the
        most unseen waits, else ``None`` (greedy's own, the lock's where it has declared)."""
        declare = next((o for o in options if o.kind == DECLARE), None)
        if declare is not None:
            return self._open_or(seat, options, declare)
        declared = self.table.seats[seat].flags.get(DECLARE)
        return self._most_waits(rng, seat, options) if declared is not None and declared == \
            self.table.seats[seat].taken else None

    def _open_or(self, seat: int, options: Sequence[Action], declare: Action) -> Action:
        """The exposed declaration where it is offered and pays, else ``declare``.

        Shown, the hand is won on by its own draws alone (no seat may deal into it where its waits are kept from
        the others' discards), for the exposed declaration's bonus; so it is made only where many tiles are left to
        draw to: where the ready-leaving discard that leaves the most unseen tiles of its waits leaves at least
        :data:`OPEN_KINDS` kinds of waits and :data:`OPEN_TILES` unseen tiles of them (the figures one teacher
        of the Korean game gives for it)."""
        shown = next((o for o in options if o.kind == OPEN), None)
        if shown is None:
            return declare
        counts = self.table.seats[seat].counts
        for option in options:
            if option.kind != "discard" or option.tile is None:
                continue
            counts[option.tile] -= 1
            try:
                if shanten_mod.shanten(bytes(counts)) == 0:
                    kinds = shanten_mod.waits(bytes(counts))
                    if len(kinds) >= OPEN_KINDS and self.unseen(counts, kinds) >= OPEN_TILES:
                        return shown
            finally:
                counts[option.tile] += 1
        return declare

    # -- declarations and what passed since ----------------------------------------------------------------------

    def _note_declarations(self) -> None:
        table = self.table
        if table.deal_number != self.deal:
            self.deal, self.marks, self.verdicts = table.deal_number, {}, {}
        for d, s in enumerate(table.seats):
            if DECLARE in s.flags and d not in self.marks:
                self.marks[d] = [len(x.discards) for x in table.seats]

    def safe_against(self, declarer: int) -> set[int]:
        """Kinds the declarer cannot win on by a discard: its own discards, and those let go by since it declared
        (as far as this bot saw: the module docstring)."""
        table = self.table
        kinds = set(table.seats[declarer].discards)
        mark = self.marks.get(declarer)
        if mark is not None:
            for other, s in enumerate(table.seats):
                kinds.update(s.discards[mark[other]:])
        return kinds

    def _fold(self, rng: Rng, seat: int, options: Sequence[Action], threats: Sequence[int],
              after: dict[int, int]) -> Action | None:
        """The least dangerous discard against every declarer (:meth:`danger`), then the one keeping the hand
        nearest ready; ``None`` where no plain discard is offered."""
        safe = [self.safe_against(d) for d in threats]
        counts = self.table.seats[seat].counts
        ranked = [(max(self.danger(counts, kinds, o.tile) for kinds in safe), after[o.tile], o) for o in options
                  if o.kind == "discard" and o.way is None and o.tile is not None]
        if not ranked:
            return None
        best = min((danger, left) for danger, left, _ in ranked)
        pool = [o for danger, left, o in ranked if (danger, left) == best]
        return pool[rng.below(len(pool))] if len(pool) > 1 else pool[0]

    def danger(self, counts: Sequence[int], safe: set[int], kind: int) -> int:
        """How likely a declarer waits on ``kind``, as a rank (0 safe): a tile it cannot win on (``safe``); an
        honour of which fewer than two copies are out of sight, then any other honour; a suit tile whose two-sided
        waits the declarer's safe tiles rule out (suji: 1-4-7, 2-5-8, 3-6-9); a terminal, a 2 or 8, then a middle
        tile, which the most waits use."""
        if kind in safe:
            return 0
        if kind >= FIRST_WIND:
            unseen = 4 - counts[kind] - self._seen(kind)
            return 1 if unseen < 2 else 2  # with fewer than two unseen, no pair of it can wait
        n = kind % 9
        low, high = kind - 3 in safe and n >= 3, kind + 3 in safe and n <= 5
        if (low or n < 3) and (high or n > 5):
            return 3
        return 4 if n in (0, 8) else 5 if n in (1, 7) else 6

    # -- waits and yaku ------------------------------------------------------------------------------------------

    def _seen(self, kind: int) -> int:
        """Copies of ``kind`` anyone can see: the discards, the exposed melds, the tiles shown (indicators)."""
        table = self.table
        seen = table.shown.count(kind)
        for s in table.seats:
            seen += s.discards.count(kind)
            for meld in s.melds:
                if meld.exposed:
                    seen += meld.tiles.count(kind)
        return seen

    def unseen(self, counts: Sequence[int], kinds: Sequence[int]) -> int:
        """Tiles of ``kinds`` neither in ``counts`` nor in sight: what is left to win on."""
        return sum(max(0, 4 - counts[k] - self._seen(k)) for k in kinds)

    def winning_waits(self, seat: int, counts: list[int], melds: tuple[Meld, ...]) -> list[int]:
        """The waits of a ready open hand (``counts`` concealed, ``melds``) the game would let it win on a discard.

        Judged on a discard: a self-drawn win adds no yaku an open hand can plan on (menzen tsumo wants it
        concealed; the last tile and a kong's replacement are luck).  Kept for the deal (:attr:`verdicts`), so a
        yaku that only the deal's last tiles give is not counted.  Where the melds hold a value tile's pung every
        completion has that yaku, and where every tile is a simple, the game's answer for all simples stands
        (:meth:`simples_win`): the game is asked of the other hands only.
        """
        key = (seat, bytes(counts), melds)
        found = self.verdicts.get(key)
        if found is not None:
            return found
        course = self.course(seat, melds)
        simples = course == "simples" and all(simple(k) for k in range(NUM_PLAYING_KINDS) if counts[k]) \
            and self.simples_win(seat)
        concealed: tuple[int, ...] | None = None  # made for the first wait the game is asked about
        found = []
        for wait in shanten_mod.waits(key[1]):
            if counts[wait] + sum(m.tiles.count(wait) for m in melds) >= 4:
                continue  # every copy held already, some in a meld: no tile to win on
            if course == "value" or (simples and simple(wait)):
                found.append(wait)
                continue
            if concealed is None:
                concealed = tuple(k for k in range(NUM_PLAYING_KINDS) for _ in range(counts[k]))
            if self.judge.wins(seat, Hand(concealed, melds, (), wait), "discard"):
                found.append(wait)
        self.verdicts[key] = found
        return found

    def simples_win(self, seat: int) -> bool:
        """Whether an open hand of simples alone wins in this game, as the game judges one such hand (chows of
        234m (claimed), 456m, 456p, 678s and a pair of 8p won on the 8p: no other yaku among them), asked once;
        where it does, an open hand all of simples is not judged wait by wait.  A tile set without one of those
        tiles (no bamboo: Korea's) is asked the same hand in two suits it holds (:func:`simples_probe`)."""
        if self._simples_win is None:
            probe = simples_probe(self.table)
            self._simples_win = probe is not None and self.judge.wins(seat, probe, "discard")
        return self._simples_win

    def value_tile(self, seat: int, kind: int) -> bool:
        """A dragon, the seat's wind or the round's: a pung of it is a yaku of its own."""
        table = self.table
        return kind >= WHITE or kind in (FIRST_WIND + table.seat_wind(seat), FIRST_WIND + table.prevalent_wind)

    def course(self, seat: int, melds: Sequence[Meld]) -> str | None:
        """The yaku an open hand's melds keep in reach: ``value`` (a value tile's pung), ``simples`` (all its
        melds of simples), or ``None``."""
        if any(m.kind in (MeldKind.PUNG, MeldKind.KONG) and self.value_tile(seat, m.tiles[0]) for m in melds):
            return "value"
        if all(simple(t) for m in melds for t in m.tiles):
            return "simples"
        return None

    def keeps_yaku(self, seat: int, option: Action, value: int) -> bool:
        """Whether claiming ``option`` on the discard lying on the table keeps a yaku in reach (module docstring):
        ``value`` is the shanten the claim leaves after its discard (or, for a kong, as it stands)."""
        table = self.table
        tile, discarder = table.last_discard, table.last_discarder
        assert tile is not None and discarder is not None
        s = table.seats[seat]
        meld = meld_of(_CLAIMS[option.kind], option.tiles + (tile,), exposed=True,
                       claimed_from=(discarder - seat) % table.players, seats=table.players)
        melds = (*s.melds, meld)
        if value > 0:
            return self.course(seat, melds) is not None
        counts = list(s.counts)
        for used in option.tiles:
            counts[used] -= 1
        if sum(counts) % 3 == 1:  # a kong: ready as it stands
            return bool(self.winning_waits(seat, counts, melds))
        # Every discard's shanten at once (one pass over the suit tables, not a shanten a kind held), then the
        # ready ones in ascending kind, as before.
        after = shanten_mod.shanten_after_discards(counts)
        for kind in range(NUM_PLAYING_KINDS):
            if counts[kind] and after[kind] == 0:
                counts[kind] -= 1
                ready = self.winning_waits(seat, counts, melds)
                counts[kind] += 1
                if ready:
                    return True
        return False

    def _open_turn(self, rng: Rng, seat: int, options: Sequence[Action], after: dict[int, int]) -> Action | None:
        """An open hand's discard: nearest ready -- a ready hand no wait of which wins counting as one from ready,
        and after every other such hand -- then the most winning tiles left; an all-simples course lets terminals
        and honours go first; then, as the greedy bot does, an isolated tile."""
        kong = next((o for o in options if o.kind == "kong" and o.way != "added"), None)
        if kong is not None:
            return None  # greedy's own: a concealed kong first
        s = self.table.seats[seat]
        melds = tuple(s.melds)
        simples = self.course(seat, melds) == "simples"
        counts = s.counts
        ranked: list[tuple[tuple[int, bool, int, bool], Action]] = []
        for option in options:
            if option.kind != "discard" or option.way is not None or option.tile is None:
                continue
            tile = option.tile
            value = after[tile]
            left, idle = 0, False
            if value == 0:
                counts[tile] -= 1
                try:
                    winning = self.winning_waits(seat, counts, melds)
                    left = self.unseen(counts, winning)
                finally:
                    counts[tile] += 1
                # a ready hand no wait of which wins waits for nothing: after every hand one from ready
                value, idle = (1, True) if not winning else (0, False)
            ranked.append(((value, idle, -left, simples and simple(tile)), option))
        if not ranked:
            return None
        best = min(key for key, _ in ranked)
        pool = [o for key, o in ranked if key == best]
        if len(pool) > 1:
            pool = [o for o in pool if o.tile is not None and isolated(counts, o.tile)] or pool
        return pool[rng.below(len(pool))] if len(pool) > 1 else pool[0]

    def _most_waits(self, rng: Rng, seat: int, options: Sequence[Action]) -> Action | None:
        """The declaring turn's discard: of those the lock leaves (each keeps the hand ready), the one leaving the
        most unseen tiles of its waits."""
        counts = self.table.seats[seat].counts
        ranked: list[tuple[int, Action]] = []
        for option in options:
            if option.kind != "discard" or option.tile is None:
                continue
            counts[option.tile] -= 1
            try:
                waits = shanten_mod.waits(bytes(counts)) if shanten_mod.shanten(bytes(counts)) == 0 else ()
                ranked.append((self.unseen(counts, waits), option))
            finally:
                counts[option.tile] += 1
        if not ranked:
            return None
        best = max(n for n, _ in ranked)
        pool = [o for n, o in ranked if n == best]
        return pool[rng.below(len(pool))] if len(pool) > 1 else pool[0]
