"""What a plugin contributes, as data: the plugins a ruleset chooses, and what a family's hooks answer with.

The one contribution hook (``mahjong_contributions`` in
:mod:`mahjong_core.plugin.hookspecs`) returns :class:`Contribution` records;
:mod:`mahjong_core.plugin.extensions` indexes what the installed plugins
return.  :class:`FactsRead` and :class:`TotalSteps` are what two of a family's
hooks answer with.  They sit below the hook specs, which name them, and
import nothing of the plugin layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core.table.vocabulary import Term

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Arrangement, Hand
    from mahjong_core.hand.score import Score
    from mahjong_core.rules import Ruleset

#: ``score_reading(ruleset, hand, context, arrangement) -> Score``: one given reading of a hand scored
#: (what :func:`mahjong_core.plugin.scoring.reading_scorer` gives, from ``mahjong_score_reading``).
ReadingFn = Callable[["Ruleset", "Hand", Mapping[str, Any], "Arrangement"], "Score"]


@dataclass(frozen=True)
class FactsRead:
    """The situation facts (:data:`mahjong_core.hand.predicates.KNOWN_FACTS`) a family reads under one ruleset.

    What a family's ``mahjong_facts_read`` answers.

    ``mahjong score`` builds a hand's context from one set of flags that means
    the same under every ruleset (:mod:`mahjong_core.hand.situation`); this is how
    it knows which of them a ruleset uses (a flag it does not is reported as
    ignored) and which fact it would still lack.

    :param winner: the facts a winning hand's score reads.
    :param loser: the facts a losing hand's score reads, or ``None`` when losing hands are not scored.
    :param loser_note: why losing hands score nothing, with its source, when ``loser`` is ``None``.
    """

    winner: frozenset[str]
    loser: frozenset[str] | None = None
    loser_note: str = ""


@dataclass(frozen=True)
class TotalSteps:
    """How a score's items make its total, as a family's ``mahjong_explain_total`` states it for a score card.

    :param steps: the arithmetic, one step a line (``36 points × 8 (3 doublings) = 288 points``).
    :param apart: indexes of items the steps name themselves (a fan-to-points row, a limit that cut the total),
        so they are not also listed as lines that add up.
    """

    steps: tuple[str, ...]
    apart: frozenset[int] = frozenset()


#: The kinds of contribution, each chosen by a ruleset's data its own way (:class:`Contribution`); a
#: ``vocabulary`` and a ``form`` come with their plugin, in the games that register that plugin.
KINDS = ("family", "settlement", "mechanism", "vocabulary", "form")
#: The several wins in one deal a settlement may declare it settles (:attr:`Contribution.several_wins`):
#: several winners on one discard (``most_winners_on_one_discard`` above 1), each asked of it as if alone once every
#: hand is scored, and a win settled as it happens while play goes on (``deal_ends_at_wins`` above 1), asked before
#: the other hands are scored.
SEVERAL_WINS = ("one_discard", "play_on")
#: The keys of a score sheet's deal a mechanism may declare it reads (:attr:`Contribution.sheet_keys`): what a sheet
#: tells of a deal beyond its winner, hands and figures (docs/score-sheets.md, "Riichi sheets").
SHEET_KEYS = ("declared", "ready", "all_orphan_discards", "abortive", "honba")


@dataclass(frozen=True)
class WinningForm:
    """A shape a mahjong may take, as a plugin registers it (a :class:`~mahjong_core.Contribution` of kind
    ``form``).

    The core registers its own the same way (``mahjong_core.plugin.core_forms``: n sets and a pair, seven
    pairs, thirteen orphans, the knitted forms); a family, a mechanism or a ruleset's module adds one of its
    own (a card of fixed hands, a joker-aware form), and every game that registers that plugin lets a hand win
    in it.  A win that is not a shape of the concealed tiles at all (eight flowers) is the hook
    ``mahjong_hand_complete``'s to answer instead.

    :param complete: ``complete(counts) -> bool``: whether a seat's concealed tiles, as 34 counts (``bytes``)
        with the winning tile among them, are a mahjong in this form.  The seat's declared melds count apart
        (a form of concealed tiles only asks for the full number of tiles).  Asked only of a hand of ``3k + 2``
        tiles that the core's forms do not complete, and only in games that register the plugin.
    :param near: ``near(counts) -> bool``: a quick necessary test that one more tile could complete these
        ``3k + 1`` concealed tiles in this form.  The game skips the mahjong test of a hand shanten calls two
        or more from ready unless this says it may be near; ``None`` asks ``complete`` of every such hand.
    :param within_shanten: the form is one shanten already measures (a stricter seven pairs or thirteen
        orphans): a hand shanten calls unready is never near it, so the game asks no quick test for it at all.
    """

    complete: Callable[[bytes], bool]
    near: Callable[[bytes], bool] | None = None
    within_shanten: bool = False


@dataclass(frozen=True)
class ItemExample:
    """A worked example hand of one row of a family's scoring tables, which the docs show and execute.

    The page of each ruleset of the family shows, for each row its table plays, the row's value and source and
    the first of the row's examples that its tiles can make, scored by the code as the page is built; a build
    in which that example's score does not hold the row's item fails, naming the row and the hand.  The examples
    are the family's own making, written in the notation (with ``!flags`` for the situation) so that
    ``mahjong score --ruleset ID HAND`` scores each exactly as the page does.

    :param row: the row's path in the ruleset's tables, dotted (``scoring.yaku.pinfu``).
    :param hand: the hand in the notation, its situation as ``!flags`` (``!riichi !self_drawn !seat_wind_south``).
    :param facts: the facts no flag gives, as ``mahjong score --fact NAME=VALUE`` takes them (dora indicators).
    :param items: the names of the score items the example must score; empty: the row's own name (its last key).
    :param about: what the row asks of a hand, in one sentence of the family's own words.
    :param group: the heading the docs list the row under (``Yaku``, ``Fu``).
    """

    row: str
    hand: str
    facts: Mapping[str, Any] = field(default_factory=dict)
    items: tuple[str, ...] = ()
    about: str = ""
    group: str = ""

    @property
    def shows(self) -> tuple[str, ...]:
        """The score items the example must score."""
        return self.items or (self.row.rsplit(".", 1)[-1],)


@dataclass(frozen=True, eq=False)
class Contribution:
    """A plugin that a ruleset's data chooses: a scoring family, a settlement or an optional mechanism.

    All three are the same thing to the core: a name the data uses, the
    plugin module whose hooks do the work, and what the docs and the schema
    say of it.  A ruleset chooses a family by naming it (``scoring.family``),
    a settlement by naming it (the ``settlement`` parameter), and switches a
    mechanism on by the values it sets (``switched_on``); the binding
    (:func:`~mahjong_core.plugin.bind`) registers the chosen plugins in
    every game of that ruleset and no other, so a ruleset never has another
    family's hooks.  What a contribution *does* it does through those hooks: a
    family answers ``mahjong_score_hand`` (and may answer
    ``mahjong_score_reading``, ``mahjong_score_figures``, ``mahjong_minimum_figures``, ``mahjong_check_tables``,
    ``mahjong_score_bound``, ``mahjong_facts_read``, ``mahjong_explain_total``); a settlement answers
    ``mahjong_settle`` (and may answer ``mahjong_payment_note``); a mechanism
    answers whichever game hooks its rule changes.  Only data is kept here.

    A ``vocabulary`` contribution is the words a plugin adds to the game (:class:`~mahjong_core.plugin.Term`:
    action kinds, ways, phases, event types): it is in the vocabulary of every game that registers its
    ``plugin`` (as a mechanism the ruleset switches on, its family, its settlement or its own module), whose
    log then names it in its header, and that plugin applies its actions (``mahjong_apply_action``).

    :param kind: ``"family"``, ``"settlement"``, ``"mechanism"`` or ``"vocabulary"``.
    :param name: the name ruleset data uses (``classical``, ``sport``) or, for a mechanism, the name the docs
        and error messages use.
    :param plugin: the module (or object) with its hook implementations, registered in the games of the
        rulesets that choose it.
    :param description: one line for the docs.
    :param parameters: a JSON Schema (``type: object`` with ``properties``, maybe ``required``) of the resolved
        parameters it reads.  A family's are allowed, and the required ones demanded, in a ruleset of that
        family and no other; a mechanism's any ruleset may set, and one that leaves them out has it off.
    :param switched_on: ``switched_on(ruleset) -> bool`` for a mechanism, read from the ruleset's data;
        ``None`` for a family or a settlement, which the data chooses by name.
    :param units: for a family, the unit of an item's value by the item's kind where it is not the usual one
        (``mahjong_core.plugin.score_card.DEFAULT_UNITS``): an MCR fan is worth points.
    :param terms: for a vocabulary, its words (:class:`~mahjong_core.plugin.Term`); its ``name`` is the name a
        log's header gives the plugin that declared them.
    :param form: for a winning form, its tests (:class:`~mahjong_core.plugin.WinningForm`); its ``name`` is the
        form's name.
    :param hand_sizes: for a family, the hand sizes (tiles held between turns: 13 for four sets and a pair, 16 for
        five) whose hands it scores; a ruleset of the family with another ``hand_size`` is refused at load.
        ``None``: any size the core plays.
    :param several_wins: for a settlement, which several wins in a deal it settles: ``"one_discard"`` (several
        winners on one discard) and ``"play_on"`` (a win while play goes on); a ruleset that lets several
        seats win on one discard, or play go on after a win, under a settlement that does not say so is refused
        at load.  Empty: one win a deal.
    :param words: for a family, what its players call the core's words where they call them otherwise: a win by
        the way it was made (``self_drawn``, ``discard``, ``robbing_kong``, ``replacement``), which riichi
        players call tsumo and ron; and a plugin's action they name by a word of their own (setting a North
        aside at a three-player table, riichi's kita).  A live table words its prompts and its deal's end by them
        (:func:`~mahjong_core.family_words`); no log holds them.  ``None``: the core's words.
    :param examples: for a family or a mechanism, ``examples() -> [ItemExample, ...]``: worked example hands of
        its table rows, in the order the docs show them (:class:`~mahjong_core.plugin.ItemExample`), asked only
        when the docs are built.  ``None``: none.
    :param sheet_keys: for a mechanism, the keys of a score sheet's deal it reads beyond the core's
        (``SHEET_KEYS`` of this module, docs/score-sheets.md): the ready-hand payments read ``ready`` and
        ``all_orphan_discards``, the dealer's repeat ``honba``, the abortive draws ``abortive``, a declaration
        ``declared``.  The score-entry page offers a ruleset's sheet these fields and no others
        (:func:`~mahjong_core.sheet_fields`).
    :param data_files: for a mechanism, the parameters whose value names a data file it reads (a card of fixed
        hands: ``card``), relative to the ruleset file that sets it or absolute.  The loader reads each such file
        and hashes its content with the tables (``mahjong_core.rules.named_files``): a log played under one
        version of the file does not audit under another.
    """

    kind: str
    name: str
    plugin: object
    description: str = ""
    parameters: Mapping[str, Any] | None = None
    switched_on: Callable[[Ruleset], bool] | None = None
    units: Mapping[str, str] | None = None
    terms: tuple[Term, ...] = ()
    form: WinningForm | None = None
    hand_sizes: frozenset[int] | None = None
    several_wins: frozenset[str] = frozenset()
    words: Mapping[str, str] | None = None
    examples: Callable[[], Sequence[ItemExample]] | None = None
    sheet_keys: frozenset[str] = frozenset()
    data_files: tuple[str, ...] = ()
