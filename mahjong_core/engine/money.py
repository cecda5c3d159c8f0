"""Money at any moment: what the table adds in reply to an event (a stick into the pot, the pot to a winner), and the
payments at the game's end.

A deal's own settlement stays in :mod:`.deal_end`; this module logs the points that move outside it.  Every such
move is a ``payment`` event (from a seat or the pot to a seat or the pot), applied to the table before it is
logged, as a reply's ``counter`` and ``bonus_robbed`` (a bonus tile moved from one row to another) are, so an
observer sees the table after it, and so that the seats' scores and the pot always add up to the points the game
began with (the audit checks it line by line: :mod:`mahjong_core.log.money`).  A plugin asks for
them through two hooks, each asked only where some plugin of the game implements it:
``mahjong_event_reactions`` after an event, ``mahjong_game_settlement`` once at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError
from mahjong_core.table.events import CATALOGUE, COMMON_FIELDS, problems

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame

__all__ = ["react", "settle_game"]


def react(game: RunningGame, event: Mapping[str, Any], caller: Callable[..., Sequence[Any]]) -> None:
    """Log the events the game's plugins add in reply to ``event`` (``mahjong_event_reactions``), in order.

    ``caller`` is the hook narrowed to the plugins that may reply to the event's type
    (:func:`mahjong_core.plugin.reactions.reaction_callers`).  The game
    (:meth:`Game.event <mahjong_core.engine.game.Game.event>`) does not ask again about these replies.
    """
    answers = caller(ruleset=game.ruleset, table=game.table, event=event)
    for answer in answers:
        for reply in answer or ():
            log_reply(game, reply, f"mahjong_event_reactions to event {event.get('n')} ({event.get('type')})")


def settle_game(game: RunningGame) -> None:
    """Log the payments at the game's end (``mahjong_game_settlement``), before ``game_end``."""
    for answer in game.hook.mahjong_game_settlement(ruleset=game.ruleset, table=game.table):
        for reply in answer or ():
            if not isinstance(reply, Mapping) or reply.get("type") != "payment":
                raise MahjongError(f"mahjong_game_settlement returned {reply!r}; it returns payment events only "
                                   "(mahjong_core.plugin.payment_event)", place=f"event {game.n}")
            log_reply(game, reply, "mahjong_game_settlement")


def log_reply(game: RunningGame, reply: object, asked: str) -> None:
    """Check one event a plugin returned, apply what it moves on the table (points, a counter, a bonus tile from
    one row to another), and log it."""
    if not isinstance(reply, Mapping) or not isinstance(reply.get("type"), str):
        raise MahjongError(f"{asked} returned {reply!r}, which is not an event (a mapping with its type)",
                           place=f"event {game.n}")
    type_ = reply["type"]
    term = game.vocabulary.plugin_events.get(type_)
    if term is not None:  # a plugin's own event type (a dora indicator shown): Game.event checks it by its words
        if term.actor != "table":
            raise MahjongError(f"{asked} returned a {type_!r} event, which its vocabulary makes a seat's, not the "
                               "table's", place=f"event {game.n}")
        spelled = [k for k in COMMON_FIELDS if k != "type" and k in reply]
        if spelled:
            raise MahjongError(f"{asked} returned a bad {type_} event: {', '.join(spelled)} is the engine's to "
                               "write", place=f"event {game.n}")
        game.event("table", type_, **{k: v for k, v in reply.items() if k != "type"})
        return
    if type_ not in CATALOGUE:
        raise MahjongError(f"{asked} returned an event of type {type_!r}, which neither the event catalogue nor "
                           "a vocabulary of this game declares", place=f"event {game.n}")
    if CATALOGUE[type_].actor != "table":
        raise MahjongError(f"{asked} returned a {type_!r} event, which is a seat's decision, not the table's",
                           place=f"event {game.n}")
    fields = {k: v for k, v in reply.items() if k not in COMMON_FIELDS}
    spelled = [k for k in COMMON_FIELDS if k != "type" and k in reply]
    found = problems({"n": game.n, "t": 0, "actor": "table", "type": type_, **fields})
    if spelled or found:
        what = found or [f"{type_}: {k} is the engine's to write" for k in spelled]
        raise MahjongError(f"{asked} returned a bad {type_} event: {'; '.join(what)}", place=f"event {game.n}")
    if type_ == "payment":
        _pay(game, fields, asked)
    elif type_ == "counter":
        game.table.counters[fields["name"]] = fields["value"]
    elif type_ == "bonus_robbed":
        _move_bonus(game, fields, asked)
    elif type_ == "hand_shown":
        _show_hand(game, fields, asked)
    game.event("table", type_, **fields)


def _show_hand(game: RunningGame, fields: Mapping[str, Any], asked: str) -> None:
    """Turn a seat's concealed tiles face up for every seat (``hand_shown``): the seat's ``laid`` hand, which every
    view shows from now on (a tile drawn since hidden until it is discarded or won with), as a winner who stays in
    play lays its hand down.  The tiles must be the seat's concealed tiles, every one of them: a hand shown in
    part would tell the others a hand that is not the seat's."""
    table = game.table
    seat = fields["seat"]
    if not 0 <= seat < table.players:
        raise MahjongError(f"{asked} returned a hand_shown event for seat {seat!r}, no seat of {table.players}",
                           place=f"event {game.n}")
    s = table.seats[seat]
    kinds = [table.tiles.kind_of(code) if table.tiles is not None else None for code in fields["tiles"]]
    held = list(s.concealed_tiles())
    if None in kinds or sorted(k for k in kinds if k is not None) != held or s.held_jokers:
        raise MahjongError(f"{asked} returned a hand_shown event whose tiles {' '.join(fields['tiles'])} are not "
                           f"seat {seat}'s concealed tiles, all of them", place=f"event {game.n}")
    s.laid = held


def _move_bonus(game: RunningGame, fields: Mapping[str, Any], asked: str) -> None:
    """Move a bonus tile from the row of the seat named ``drawer`` to the row of ``seat`` (a predator taking its
    prey: :mod:`mahjong_rulesets.mechanisms.bites`), refusing a move the rows cannot make."""
    table = game.table
    seat, holder = fields["seat"], fields["drawer"]
    tile = table.tiles.kind_of(fields["tile"]) if table.tiles is not None else None
    wrong = [f"{name} {n!r} is no seat of {table.players}" for name, n in (("seat", seat), ("drawer", holder))
             if not 0 <= n < table.players]
    if not wrong and seat == holder:
        wrong.append("seat and drawer are the same")
    if not wrong and (tile is None or tile not in table.seats[holder].bonus):
        wrong.append(f"seat {holder}'s bonus row holds no {fields['tile']}")
    if wrong:
        raise MahjongError(f"{asked} returned a bonus tile the table cannot move: {'; '.join(wrong)}",
                           place=f"event {game.n}")
    assert tile is not None
    table.seats[holder].bonus.remove(tile)
    table.seats[seat].bonus.append(tile)


def _pay(game: RunningGame, fields: Mapping[str, Any], asked: str) -> None:
    """Move a payment's points on the table, refusing one that names no seat of it or empties the pot below 0."""
    table = game.table
    payer, payee, amount = fields["payer"], fields["payee"], fields["amount"]
    wrong = [f"{name} {seat!r} is no seat of {table.players}" for name, seat in (("payer", payer), ("payee", payee))
             if seat is not None and not 0 <= seat < table.players]
    if amount <= 0:
        wrong.append(f"amount {amount} is not more than 0")
    if payer == payee:
        wrong.append("payer and payee are the same")
    if payer is None and not wrong and amount > table.pot:
        wrong.append(f"the pot holds {table.pot}, not {amount}")
    if wrong:
        raise MahjongError(f"{asked} returned a payment the table cannot make: {'; '.join(wrong)}",
                           place=f"event {game.n}")
    table.move_points(payer, payee, amount)

