"""Self-play (自動対局): whole games simulated on paipu's own engine and written as 電脳麻将
paipu.

:func:`simulate` plays one game of four :mod:`players <paipu.simulate.players>` under any
:class:`~paipu.rules.Rule` from a seeded wall (:mod:`~paipu.simulate.wall`); each player is
offered only the legal choices (:mod:`~paipu.simulate.options`). ``paipu simulate`` on the
command line writes many games and runs them on several cores::

    >>> from paipu.simulate import simulate, EfficiencyPlayer
    >>> game = simulate([EfficiencyPlayer() for _ in range(4)], "majiang", seed=1)
    >>> game.is_complete
    True
"""

from .game import SimulationError, simulate
from .options import ClaimOptions, TurnOptions
from .players import PLAYERS, BetaoriPlayer, EfficiencyPlayer, Player, PushingBetaoriPlayer, RandomPlayer, View
from .wall import Wall

__all__ = ["simulate", "SimulationError", "Player", "View", "TurnOptions", "ClaimOptions", "RandomPlayer",
           "EfficiencyPlayer", "BetaoriPlayer", "PushingBetaoriPlayer", "PLAYERS", "Wall"]
