"""The error every format reader raises for what is not its format: :class:`FormatError`."""

from __future__ import annotations

from ..events import locator

__all__ = ["FormatError"]


class FormatError(ValueError):
    """A log that does not follow its format. ``round`` and ``event`` are 0-based
    indices of where the problem is (``None`` for the game's top level); ``label`` is the
    round's name (東1局0本場) where known."""

    def __init__(self, message: str, round: int | None = None, event: int | None = None,
                 label: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.round = round
        self.event = event
        self.label = label

    def locator(self) -> str:
        """Where in the game, as :func:`paipu.events.locator` writes it: ``東3局1本場,
        event 17`` (0-based indices, the round by its label where known)."""
        return locator(None, self.label or self.round, self.event)

    def __str__(self) -> str:
        where = self.locator()
        return f"{where}: {self.message}" if where else self.message
