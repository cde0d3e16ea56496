"""Which rule a game is checked under: its own, the one its platform and room imply, or
the one given, adjusted to what its log implies (:attr:`paipu.events.Game.origin`). Decided
here, from the game and the rules, for the replay and for the writers that state a rule in
the files they write alike; never by asking the engine."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from .events import Game
from .rules import MAJIANG, MAJSOUL, MAJSOUL_SANMA, Rule, platform_preset

__all__ = ["game_rule", "game_rules"]


def game_rule(game: Game, rule: Rule | None = None) -> Rule:
    """The rule a game is checked under.

    No ``rule``: the game's own ``rule`` object (on top of the majiang preset) if it
    carries one; else, for a game its origin places on Tenhou or Mahjong Soul, the preset
    named as the platform (tenhou, majsoul; tenhou-sanma, majsoul-sanma for three players:
    :func:`~paipu.rules.platform_preset`); else for a three-player game the tenhou-sanma
    preset, and the majiang preset with what the log states of its rule (an mjai
    ``start_game``'s length and red fives). The ``tenhou`` and ``tenhou-sanma`` presets
    (and a rule built on them) and the ``majsoul`` and ``majsoul-sanma`` presets are
    adjusted to what the game's :attr:`~paipu.events.Game.origin`
    says its log implies
    (:attr:`~paipu.events.Origin.rule`: for a Tenhou game, its room's East-only or
    East-South, open tanyao and red fives, and the final-points rules of its date; for a
    Mahjong Soul game, its room's length).
    """
    return game_rules(game, rule)[0]


def game_rules(game: Game, rule: Rule | None = None) -> tuple[Rule, tuple[Rule, ...]]:
    """:func:`game_rule`, and the other rules the game's origin leaves open
    (:attr:`~paipu.events.Origin.undetermined`: a Tenhou log's date, an mjai log that
    states no length): a log that agrees with any of them is consistent."""
    origin = game.origin
    if rule is None:
        if game.rule:
            return Rule.from_json(game.rule), ()
        platform = "" if origin is None else origin.platform
        if not platform and len(game.players) == 4:  # what a log of no known platform states of its rule
            # (mjai's kyoku_first, aka_flag) and leaves open
            if origin is None or not (origin.rule or origin.undetermined):
                return MAJIANG, ()
            return _implied_rules(MAJIANG, origin.rule, origin.undetermined)
        rule = platform_preset(platform, len(game.players))
    if (not (rule.pao_covers_whole_hand or rule in (MAJSOUL, MAJSOUL_SANMA))  # not the tenhou family, nor majsoul
            or origin is None or not (origin.rule or origin.undetermined)
            or rule.players != len(game.players)):  # refused by the replay
        return rule, ()
    return _implied_rules(rule, origin.rule, origin.undetermined)


@lru_cache(maxsize=256)
def _implied_rules(rule: Rule, implied: tuple[tuple[str, Any], ...],
                   undetermined: tuple[tuple[str, tuple[Any, ...]], ...]) -> tuple[Rule, tuple[Rule, ...]]:
    """:func:`game_rules` for one kind of log, worked out once (a Rule checks all its
    fields when made, and a directory of logs holds only a few kinds)."""
    chosen = rule.replace(**dict(implied))
    names = [name for name, _ in undetermined]
    others: list[Rule] = []
    for values in itertools.product(*(accepted for _, accepted in undetermined)):
        other = chosen.replace(**dict(zip(names, values)))
        if other != chosen and other not in others:
            others.append(other)
    return chosen, tuple(others)
