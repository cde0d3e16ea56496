"""What a Tenhou game's log implies for the rule it was played under: :func:`implied_rule`.

A Tenhou log states its room's flags (東 East only or 南 East-South, 喰 open tanyao, 赤
red fives) and, in its log id, the day it was played. The rest of Tenhou's rule is the
``tenhou`` preset (:mod:`paipu.rules`); what changed with the years is decided here, by
date.
"""

from __future__ import annotations

import datetime
from typing import Any

from ..rules import RedFives

__all__ = ["implied_rule"]

LAST_ROUNDED_YEAR = 2020
"""The latest year of Tenhou games seen with final scores rounded to 1,000 before the
placement points are added (2022: exact)."""

_RED_FIVES = (RedFives(0, 0, 0), RedFives(1, 1, 1))
"""Tenhou's red fives without and with 赤: none, or one in each suit."""


def implied_rule(date: datetime.date | None, *, hanchan: bool, kuitan: bool,
                 red: bool) -> tuple[tuple[tuple[str, Any], ...], tuple[str, ...]]:
    """The rule of a Tenhou game: the :class:`~paipu.rules.Rule` field values (by Python
    name) implied by the day it was played (``None`` when unknown) and its room's flags
    (``hanchan``: East-South, 南; ``kuitan``: open tanyao, 喰; ``red``: red fives, 赤), and
    the fields that cannot be decided without the date.

    ``winds`` 2 for East-South, 1 for East only; ``open_tanyao`` and ``red_fives`` (one in
    each suit, or none) by the flags; ``final_scores_rounded`` True for a game of
    :data:`LAST_ROUNDED_YEAR` or before. Without a date, whether final scores were rounded
    is undetermined: ``("final_scores_rounded",)``.
    """
    rule: tuple[tuple[str, Any], ...] = (
        ("winds", 2 if hanchan else 1), ("open_tanyao", kuitan), ("red_fives", _RED_FIVES[red]))
    if date is None:
        return rule, ("final_scores_rounded",)
    if date.year <= LAST_ROUNDED_YEAR:
        rule += (("final_scores_rounded", True),)
    return rule, ()
