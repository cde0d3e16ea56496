"""A readable text account of a game: what ``paipu show`` prints and ``str(game)`` is.

Per round: its label (東1局0本場), the dealer, the riichi sticks on the table, the result
(winner, ron or tsumo and from whom, fu/han or yakuman, value, yaku, payments; or the
draw's reason and who was tenpai) and everybody's score after the round. Then the final
scores, ranks and points. Everything is as the log states it: nothing is re-derived.
"""

from __future__ import annotations

from .events import Game, NoWin, Round, Win

__all__ = ["describe", "describe_round"]


def _signed(amount: int) -> str:
    return f"{amount:+d}"


def _value(win: Win) -> str:
    if win.yakuman:
        times = "" if win.yakuman == 1 else f" x{win.yakuman}"
        return f"yakuman{times}, {win.points}"
    fu = f"{win.fu} fu " if win.fu else ""
    return f"{fu}{win.han} han, {win.points}"


def _yaku(win: Win) -> str:
    parts = []
    for yaku in win.yaku:
        if yaku.yakuman:
            parts.append(yaku.name + (" (double yakuman)" if yaku.yakuman == 2 else ""))
        elif yaku.han:
            parts.append(f"{yaku.name} {yaku.han}")
    return ", ".join(parts)


def _payments(round_: Round, names: tuple[str, ...], payments: tuple[int, ...]) -> str:
    by_player = sorted((round_.player_of(seat), amount) for seat, amount in enumerate(payments) if amount)
    return ", ".join(f"{names[player]} {_signed(amount)}" for player, amount in by_player)


def describe_round(round_: Round, names: tuple[str, ...], scores_before: list[int]) -> list[str]:
    """Lines describing one round; ``scores_before`` (by player id) is updated in place
    to the scores after it."""
    deal = round_.deal

    def name_of(seat: int) -> str:
        return names[round_.player_of(seat)]

    lines = [f"{round_.label}  dealer {name_of(0)}"
             + (f", {deal.riichi_sticks} riichi stick(s) on the table" if deal.riichi_sticks else "")]
    for result in round_.results:
        if isinstance(result, Win):
            how = "tsumo" if result.is_tsumo else f"ron from {name_of(result.discarder)}"
            lines.append(f"  win: {name_of(result.seat)} by {how}: {_value(result)} ({_yaku(result)})")
        else:
            shown = [name_of(seat) for seat, hand in enumerate(result.hands) if hand is not None]
            revealed = f"; hands shown: {', '.join(shown)}" if shown else ""
            lines.append(f"  draw: {result.name}{revealed}")
        if any(result.payments):
            lines.append(f"    payments: {_payments(round_, names, result.payments)}")
    if not round_.is_complete:
        lines.append("  (the log stops before the round ends)")
    deposits = round_.riichi_deposits()
    riichi = [name_of(seat) for seat, paid in enumerate(deposits) if paid]
    if riichi:
        lines.append(f"  riichi: {', '.join(riichi)}")
    for seat, change in enumerate(round_.score_changes()):
        scores_before[round_.player_of(seat)] += change
    lines.append("  scores after: " + ", ".join(f"{n} {s}" for n, s in zip(names, scores_before)))
    return lines


def describe(game: Game) -> str:
    """The text account of a whole game (see the module docstring)."""
    names = tuple(name.split("\n")[0] for name in game.players)
    title = game.title.replace("\n", " ")
    lines = [game.source or title]
    if game.source:
        lines.append(f"title: {title}")
    lines += [f"players: {', '.join(names)}; first dealer {names[game.first_dealer]}", ""]
    scores: list[int] = []
    for round_ in game.rounds:
        deal = round_.deal
        scores = [0] * len(names)
        for seat, score in enumerate(deal.scores):
            scores[round_.player_of(seat)] = score
        lines.extend(describe_round(round_, names, scores))
    lines.append("")
    if game.final_scores is None or game.ranks is None or game.points is None:
        lines.append("final results: not in the log (the game is incomplete)")
    else:
        lines.append("final results:")
        order = sorted(range(len(names)), key=lambda player: game.ranks[player])  # type: ignore[index]
        for player in order:
            lines.append(f"  {game.ranks[player]}. {names[player]}  {game.final_scores[player]}  "
                         f"({game.points[player]})")
    return "\n".join(lines)
