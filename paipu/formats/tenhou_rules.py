"""Tenhou's rules by date and room: the :class:`~paipu.rules.Rule` values a Tenhou game
of a given day and room (4-player, or 3-player 三麻) was played under.

The room (the log's ``GO type`` flags, or the title's 東/南, 喰, 赤) decides the game's
length, open tanyao and red fives. The final points (``owari``) and the end of the game
followed rules that changed over the years; what changed when is read from real logs (the
date is in the log id, ``YYYYMMDDHHgm-…``) and from dated public sources, so each value is
known only between the first and the last evidence of it. The eras of the final points
(log ids are those of ``../shared/corpora``; dates are the log ids' own)::

    field                 value                      first log        last log         evidence
    final_scores_rounded  True                       2009-03-04       2022-01-01       915 games
    final_scores_rounded  False                      2022-06-01       2023-11-26       115 + 15 games
    rank_points 東風      ("10","5","-5","-10")      2009-03-04       2009-03-07       35 games
    rank_points 東風      ("20.0","10.0",…)          2020-01-01       2023-01-27       101 + 1 games
    rank_points 東南      ("20","10","-10","-20")    2009-03-07       2009-03-07       1 game
    rank_points 東南      ("20.0","10.0",…)          2010-08-17       2023-11-26       897 + 14 games

- **Rounded final scores** (:attr:`~paipu.rules.Rule.final_scores_rounded`): each score but
  the top's counts to the nearest 1,000, halves away from zero (33,500 as 34,000 in
  ``2009030701gm-00a9-0000-0dfd07b3``; -500 as -1,000 in
  ``2022010121gm-00a9-0000-6142ee41``; 59 games tell halves away from zero from halves
  towards 30,000, none says otherwise). Seen from ``2009030422gm-00e1-0000-34c2314d``
  (thewaxmango-2009-03) to ``2022010121gm-00a9-0000-de3e8657`` (thewaxmango-2022-01).
  Public: the Japanese Mahjong Wiki's translation of Tenhou's rules, "At the end of a game,
  points are rounded to the closest thousand, '4 down, 5 up'"
  (http://arcturus.su/mjw/index.php?title=Tenhou.net_rules&oldid=15453, undated). With
  the integer rank points of 2009, rounding each score first and rounding only the point
  (halves up) differ for a negative score ending in 500 alone, which no 2009 log has: those
  logs show whole-thousand points, not which of the two Tenhou computed.
- **Exact final scores**: points with the hundreds, e.g. 2,500 → -47.5. Seen from
  ``2022060100gm-00a9-0000-01481d95`` (mjx-suphnx-2022) to
  ``2022060400gm-0001-0000-d6c5c8e7`` (jim137-general-lobby) in mjlog, and to
  ``2023112600gm-00a9-0000-1bc26cca`` in majiang/mahjonglm (a third-party conversion that
  copies Tenhou's points). The change lies between 2022-01-02 and 2022-05-31; no public
  source we found dates it.
- **東風 rank points 5-10** (+10/+5/-5/-10 with 25,000 start and 30,000 return): the 35
  東風 games of 2009-03-04..07 (``2009030422gm-00e1-0000-34c2314d`` to
  ``2009030721gm-00e1-0000-7d2e4245``); the 東風 games from 2020-01-01
  (``2020010100gm-00e1-0000-09a090c4``) on have 10-20 like 東南. No log of 2009-03-08 ..
  2019-12-31 is a 東風 game, and no public source we found dates the change.
- **Integer points**: the 2009 logs write ``owari`` points as integers (``"-26"``), later
  ones with one decimal (``"-26.0"``); paipu writes a final point with one decimal when a
  rank point has one, so the integer eras' rank points are integers. Last integer log
  2009-03-07, first one-decimal log ``2010081709gm-00a9-0000-fe3371ad`` (東南).

Three-player rooms (三麻, the preset ``tenhou-sanma``: 35,000 start, 40,000 returned)
have eras of their own, read from their logs the same way::

    field                 value                      first log        last log         evidence
    final_scores_rounded  True                       2014-09-11       2020-01-02       1 + 278 games
    final_scores_rounded  False                      2024-01-01       2024-12-31       5 games
    rank_points 東風      ("20.0","0.0","-20.0")     2023-01-01       2023-01-01       1 game
    rank_points 東南      ("20.0","0.0","-20.0")     2014-09-11       2024-12-31       1 + 278 + 5 games

- **Rounded** (``2014091101gm-00b9-0000-5ca6b487``, majiang/mahjonglm, and the 278
  agony5757 三鳳南喰赤 games of 2020-01-01/02, e.g. ``2020010100gm-00b9-0000-18a1410f``:
  27,600 counts as 28,000, -32.0 for the third) and **exact** (the five tenhou.net/6 logs
  of tenhou-json/sanma-engine, e.g. ``2024010120gm-00b9-0000-e324b88a``: 6,800 → -53.2).
  ``2023010100gm-00f1-0000-caffca62`` (三鳳東喰赤速) has whole-thousand scores only.
- **Rank points** 0 for the second and -20 for the third with 40,000 returned (the top
  takes minus the others' sum, so its value is never read): every 三麻 log above.

The end of the game (``docs/tenhou-rules.md`` gives the sources), in every room and for
four and three players alike unless said::

    field                 value                      first            last             evidence
    tenpai_stop           False                      2009-03-08       2010-05-18       logs; Tenhou's blog
    tenpai_stop           True                       2011-05-11       2023-04-21       Tenhou's blog; 10 logs
    overtime_winds 東風   2 or 3 (4 players)         2009-03-08       2009-03-10       logs (西1局 played)
    overtime_winds 東風   1 (4 players)              2011-05-11       2022-01-01       Tenhou's blog; 1 log

- **No tenpai stop until 2010** (:attr:`~paipu.rules.Rule.tenpai_stop` False): the
  all-last dealer, top with 30,000 or more, kept the deal after a tenpai draw (Tenhou
  Phoenix logs of 2009-03-08..10, issue 28: 東風, South extension and 三麻); Tenhou's blog
  of 2010-05-18 (http://blog.tenhou.net/article/38215017.html) announces the tenpai stop
  for June 2010: "これまでは、ラス親のトップ時に聴牌で流局した場合、連荘していました".
  The blog of 2011-05-11 (http://blog.tenhou.net/archives/20110511-1.html) speaks of
  和了止め・聴牌止め in force; the logs of 2020-01-01..2023-02-16 end by it.
- **East-only overtime past South** (:attr:`~paipu.rules.Rule.overtime_winds`): an East-only
  game of 2009-03-08..10 whose South extension ended with nobody at 30,000 played 西1局;
  how far it could go (West 4: 2, or North 4: 3) no log shows. From the blog of 2011-05-11
  ("サドンデスの最大局(東風戦は南4局、東南戦は西4局)") to ``2022010107gm-00e1-0000-2153c673``
  (ends after 南4局, the top at 28,500), South 4 is the last hand.
  No log or source shows an East-South game going past West 4: that room keeps 1.

Where a date is not inside an era's evidence — between two eras, before the first log
or after the last one of a field, or unknown — every value the eras give is accepted for
that field (:func:`accepted_values`); :func:`implied_rule` names those fields as
undetermined.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from ..rules import RedFives

__all__ = ["Era", "ERAS", "SANMA_ERAS", "accepted_values", "implied_rule", "log_date"]


@dataclass(frozen=True, slots=True)
class Era:
    """A value a :class:`~paipu.rules.Rule` field took in Tenhou's rooms, with the dates
    of the ``first`` and the ``last`` evidence of it (a log, or a dated public source;
    both included). ``alternatives`` are the other values the era's evidence leaves open
    (it shows an East-only game going on into the West round, not how far it might go)."""

    value: Any
    first: datetime.date
    last: datetime.date
    alternatives: tuple[Any, ...] = ()

    @property
    def values(self) -> tuple[Any, ...]:
        """The values the era's evidence allows, its ``value`` first."""
        return (self.value, *self.alternatives)


_ONE_DECIMAL_UMA = ("20.0", "10.0", "-10.0", "-20.0")

_ROUNDING = (  # one change for both rooms: their logs are taken together
    Era(True, datetime.date(2009, 3, 4), datetime.date(2022, 1, 1)),
    Era(False, datetime.date(2022, 6, 1), datetime.date(2023, 11, 26)),
)

_TENPAI_STOP = (  # Tenhou's own announcement: one change for every room, four or three players
    Era(False, datetime.date(2009, 3, 8), datetime.date(2010, 5, 18)),
    Era(True, datetime.date(2011, 5, 11), datetime.date(2023, 4, 21)),
)

ERAS: dict[tuple[str, bool], tuple[Era, ...]] = {
    ("final_scores_rounded", False): _ROUNDING,
    ("final_scores_rounded", True): _ROUNDING,
    ("rank_points", False): (
        Era(("10", "5", "-5", "-10"), datetime.date(2009, 3, 4), datetime.date(2009, 3, 7)),
        Era(_ONE_DECIMAL_UMA, datetime.date(2020, 1, 1), datetime.date(2023, 1, 27)),
    ),
    ("rank_points", True): (
        Era(("20", "10", "-10", "-20"), datetime.date(2009, 3, 7), datetime.date(2009, 3, 7)),
        Era(_ONE_DECIMAL_UMA, datetime.date(2010, 8, 17), datetime.date(2023, 11, 26)),
    ),
    ("tenpai_stop", False): _TENPAI_STOP,
    ("tenpai_stop", True): _TENPAI_STOP,
    ("overtime_winds", False): (
        Era(2, datetime.date(2009, 3, 8), datetime.date(2009, 3, 10), alternatives=(3,)),
        Era(1, datetime.date(2011, 5, 11), datetime.date(2022, 1, 1)),
    ),
}
"""The eras of each date-dependent field in 4-player rooms, by ``(field name, hanchan)``
(東南 True, 東風 False), oldest first; consecutive eras differ in value. The module
docstring gives the evidence."""

_SANMA_UMA = ("20.0", "0.0", "-20.0")
_SANMA_ROUNDING = (
    Era(True, datetime.date(2014, 9, 11), datetime.date(2020, 1, 2)),
    Era(False, datetime.date(2024, 1, 1), datetime.date(2024, 12, 31)),
)

SANMA_ERAS: dict[tuple[str, bool], tuple[Era, ...]] = {
    ("final_scores_rounded", False): _SANMA_ROUNDING,
    ("final_scores_rounded", True): _SANMA_ROUNDING,
    ("rank_points", False): (Era(_SANMA_UMA, datetime.date(2023, 1, 1), datetime.date(2023, 1, 1)),),
    ("rank_points", True): (Era(_SANMA_UMA, datetime.date(2014, 9, 11), datetime.date(2024, 12, 31)),),
    ("tenpai_stop", False): _TENPAI_STOP,
    ("tenpai_stop", True): _TENPAI_STOP,
}
""":data:`ERAS` of the 3-player rooms (三麻)."""

_LOG_ID = re.compile(r"(?<!\d)(\d{4})(\d\d)(\d\d)\d\dgm-")


def log_date(text: str) -> datetime.date | None:
    """The date of the first Tenhou log id (``YYYYMMDDHHgm-…``) in ``text`` (a title or a
    file name); ``None`` when there is none or its digits are not a calendar date."""
    match = _LOG_ID.search(text)
    if match is None:
        return None
    try:
        return datetime.date(*map(int, match.groups()))
    except ValueError:
        return None


def accepted_values(date: datetime.date | None, *, hanchan: bool,
                    players: int = 4) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """For each date-dependent :class:`~paipu.rules.Rule` field, ``(name, values)``: the
    values Tenhou's rules of ``date`` may have given it in an East-South (``hanchan``) or
    East-only room of 4 or 3 ``players``, the likeliest first. The values of the era
    whose evidence covers the date (one, unless its evidence leaves some open,
    :attr:`Era.alternatives`); between two eras, the later era's then the earlier's;
    before the first era, after the last or with no date, every era's, the nearest era
    first (the latest with no date)."""
    eras_of = ERAS if players == 4 else SANMA_ERAS
    return tuple((name, _values(eras, date)) for (name, room), eras in eras_of.items() if room == hanchan)


def _values(eras: tuple[Era, ...], date: datetime.date | None) -> tuple[Any, ...]:
    """The values ``eras`` allow on ``date`` (see :func:`accepted_values`)."""
    if date is None or date > eras[-1].last:
        chosen: tuple[Era, ...] = tuple(reversed(eras))
    elif date < eras[0].first:
        chosen = eras
    else:
        chosen = next(((era, before) for before, era in zip(eras, eras[1:]) if before.last < date < era.first), ())
        chosen = chosen or next((era,) for era in eras if era.first <= date <= era.last)
    return tuple(dict.fromkeys(value for era in chosen for value in era.values))


def implied_rule(
    date: datetime.date | None, *, hanchan: bool, kuitan: bool, red: bool, players: int = 4
) -> tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, tuple[Any, ...]], ...]]:
    """What Tenhou's rules of ``date`` in a room of 4 or 3 ``players`` imply: ``(values,
    undetermined)``. ``values`` are ``(field name, value)`` pairs of
    :class:`~paipu.rules.Rule` for the room (``winds``: 2 East-South or 1 East-only,
    ``open_tanyao`` = ``kuitan``, ``red_fives`` one per suit with ``red``, none of 5m
    with three players) and for the date
    (``final_scores_rounded``, ``rank_points``, ``tenpai_stop``, ``overtime_winds``: the
    likeliest value; a field with no eras for the room is left to the preset); ``undetermined``
    are the fields the date does not decide, each with every value accepted for it
    (:func:`accepted_values`), e.g. ``(("final_scores_rounded", (False, True)),)``.
    ``date`` ``None``: not known."""
    room = (
        ("winds", 2 if hanchan else 1),
        ("open_tanyao", kuitan),
        ("red_fives", RedFives(int(players == 4), 1, 1) if red else RedFives(0, 0, 0)),
    )
    accepted = accepted_values(date, hanchan=hanchan, players=players)
    values = room + tuple((name, options[0]) for name, options in accepted)
    return values, tuple((name, options) for name, options in accepted if len(options) > 1)
