"""The three scorers by name, with the switches each one takes (companions spec §1–§3)."""

from collections.abc import Mapping

from . import louis14, richelieu, versailles
from .inputs import ScoreInputError

GAMES = ("richelieu", "louis14", "versailles")


def score(
    game: str,
    data: Mapping,
    *,
    tie_scores: str | None = None,
    three_rows: bool | None = None,
    catalogue: Mapping | None = None,
) -> dict:
    """Score a play of `game`; a switch given to a game that has no such switch is refused."""
    if game not in GAMES:
        raise ScoreInputError("game", f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    if game != "richelieu" and (tie_scores is not None or three_rows is not None):
        raise ScoreInputError("options", "majority ties and the three-rows variant are Richelieu's")
    if game != "versailles" and catalogue is not None:
        raise ScoreInputError("catalogue", "a card catalogue is for La Cour de Versailles")
    if game == "richelieu":
        return richelieu.score(data, tie_scores=tie_scores, three_rows=three_rows)
    if game == "louis14":
        return louis14.score(data)
    return versailles.score(data, catalogue=catalogue)
