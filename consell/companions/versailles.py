"""End-of-play scorer for La Cour de Versailles (companions spec §3).

Each face-up card of a player's 3×3 Circle scores by its own text (§3.5), then the most
military seals gain 7 (3 each when tied) and the fewest lose 7 (3 each when tied) (§3.7).
Equal totals share the win (§3.8). The seed does not say which card bears which wax seal,
so each cell gives its seals, or a group's catalogue gives them per card (§3.9.1).
"""

from collections.abc import Mapping
from typing import Any, NamedTuple

from .inputs import (
    ScoreInputError,
    as_list,
    as_object,
    as_text,
    check_game,
    join,
    player_list,
    required,
    winners_by,
)


class Card(NamedTuple):
    number: int
    name: str
    grand_figure: bool


CARDS = {
    "louis-xiv": Card(1, "Louis XIV", True),
    "marie-therese": Card(2, "Marie-Thérèse d'Autriche", True),
    "philippe-dorleans": Card(3, "Philippe d'Orléans", True),
    "montespan": Card(4, "Madame de Montespan", True),
    "maintenon": Card(5, "Madame de Maintenon", True),
    "colbert": Card(6, "Jean-Baptiste Colbert", False),
    "louvois": Card(7, "Le Tellier de Louvois", False),
    "palatine": Card(8, "Princesse Palatine", False),
    "bossuet": Card(9, "Jacques-Bénigne Bossuet", False),
    "louis-de-france": Card(10, "Louis de France", False),
    "toussaint-rose": Card(11, "Toussaint Rose", False),
    "chevalier-de-lorraine": Card(12, "Chevalier de Lorraine", False),
    "sainte-maure": Card(13, "Charles de Sainte-Maure", False),
    "gigault": Card(14, "Bernardin Gigault", False),
    "racine": Card(20, "Jean Racine", False),
    "boileau": Card(21, "Nicolas Boileau", False),
    "la-fontaine": Card(22, "Jean de La Fontaine", False),
    "marie-anne-de-baviere": Card(23, "Marie-Anne de Bavière", False),
    "ferte-senneterre": Card(24, "Marie de La Ferté-Senneterre", False),
    "roquelaure": Card(25, "Mademoiselle de Roquelaure", False),
    "castelnau": Card(26, "Marie-Charlotte de Castelnau", False),
    "hamilton": Card(27, "Elisabeth Hamilton", False),
}
SEALS = ("favorite", "clergy", "statesman", "feather", "military")
CENTRE = (1, 1)
LOUIS_ALIASES = ("louis-xiv", "toussaint-rose")


class Circle:
    """One player's final Circle: the face-up cards by position and their seals."""

    def __init__(self, cells: dict[tuple[int, int], tuple[str, list[str]]]):
        self.cells = cells

    def has(self, *slugs: str) -> bool:
        """ "You have X" (§3.4): X is face up anywhere; any of `slugs` will do."""
        return any(slug in slugs for slug, _ in self.cells.values())

    def count(self, slug: str) -> int:
        return sum(1 for card, _ in self.cells.values() if card == slug)

    def seals(self, seal: str, cells=None) -> int:
        """Every seal of that kind on the given cells (all by default), scoring card included."""
        chosen = self.cells if cells is None else cells
        return sum(self.cells[pos][1].count(seal) for pos in chosen)

    def neighbours(self, pos: tuple[int, int]) -> list[tuple[int, int]]:
        """Orthogonally adjacent face-up cells (§3.4); diagonals are not adjacent."""
        row, col = pos
        around = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
        return [cell for cell in around if cell in self.cells]


def _louis_xiv(circle: Circle, pos) -> int:
    return (7 if pos == CENTRE else 0) + circle.seals("favorite")


def _marie_therese(circle: Circle, pos) -> int:
    return -circle.seals("favorite")


def _philippe(circle: Circle, pos) -> int:
    return 4 * circle.has("chevalier-de-lorraine") + 4 * circle.has("palatine")


def _montespan(circle: Circle, pos) -> int:
    others = [cell for cell in circle.cells if cell != pos]
    alone = circle.seals("favorite", others) == 0
    return 9 * (circle.has(*LOUIS_ALIASES) and alone) - 3 * circle.has("maintenon")


def _maintenon(circle: Circle, pos) -> int:
    return circle.seals("clergy") + 5 * circle.has(*LOUIS_ALIASES) - 7 * circle.has("montespan")


def _colbert(circle: Circle, pos) -> int:
    around = circle.neighbours(pos)
    louis_near = any(circle.cells[cell][0] in LOUIS_ALIASES for cell in around)
    return 2 * circle.seals("statesman", around) + 4 * louis_near


def _palatine(circle: Circle, pos) -> int:
    return 4 * circle.has("philippe-dorleans") + 3 * circle.has("chevalier-de-lorraine")


def _louis_de_france(circle: Circle, pos) -> int:
    return (
        9 * circle.has("marie-therese")
        + 5 * circle.has("louis-xiv")
        + 1 * circle.has("toussaint-rose")
        + 4 * circle.has("marie-anne-de-baviere")
    )


def _sainte_maure(circle: Circle, pos) -> int:
    return 6 * (circle.has("louis-de-france") and circle.has("bossuet"))


def _racine(circle: Circle, pos) -> int:
    extra = 2 * (circle.count("boileau") + circle.count("la-fontaine"))
    return circle.seals("feather") + extra


def _boileau(circle: Circle, pos) -> int:
    return 2 * circle.has("racine")


def _la_fontaine(circle: Circle, pos) -> int:
    return 6 * circle.has("montespan")


def _marie_anne(circle: Circle, pos) -> int:
    return 1 * (pos != CENTRE)


def _hamilton(circle: Circle, pos) -> int:
    return 5 * (pos[1] == 2) - circle.has("maintenon")


SCORING = {
    "louis-xiv": _louis_xiv,
    "marie-therese": _marie_therese,
    "philippe-dorleans": _philippe,
    "montespan": _montespan,
    "maintenon": _maintenon,
    "colbert": _colbert,
    "palatine": _palatine,
    "louis-de-france": _louis_de_france,
    "sainte-maure": _sainte_maure,
    "racine": _racine,
    "boileau": _boileau,
    "la-fontaine": _la_fontaine,
    "marie-anne-de-baviere": _marie_anne,
    "ferte-senneterre": lambda circle, pos: 5 * (pos[0] == 0),
    "roquelaure": lambda circle, pos: 5 * (pos[1] == 0),
    "castelnau": lambda circle, pos: 5 * (pos[0] == 2),
    "hamilton": _hamilton,
}


def score(data: Mapping, catalogue: Mapping | None = None) -> dict:
    """Score a finished play of La Cour de Versailles.

    `catalogue` maps a card slug to its wax seals; a cell that gives no `symbols` takes them
    from it. Without a catalogue every face-up cell must give its symbols.
    """
    data = as_object(data, "", {"game", "players"})
    check_game(data, "versailles")
    seals_of = read_catalogue(catalogue) if catalogue is not None else {}
    players = player_list(data, 2, 6)
    circles = {}
    for index, player in enumerate(players):
        path = join("players", index)
        player = as_object(player, path, {"name", "circle", "hand_grand_figures"})
        circles[player["name"].strip()] = _circle(
            required(player, "circle", path), join(path, "circle"), seals_of
        )

    breakdown: dict[str, dict[str, Any]] = {name: {} for name in circles}
    for name, circle in circles.items():
        for (row, col), (slug, _) in sorted(circle.cells.items()):
            points = SCORING[slug](circle, (row, col)) if slug in SCORING else 0
            if points:
                breakdown[name][f"card:{slug}:{row},{col}"] = points
    _military(breakdown, {name: circle.seals("military") for name, circle in circles.items()})

    totals = {name: sum(parts.values()) for name, parts in breakdown.items()}
    return {"totals": totals, "winners": winners_by(totals), "breakdown": breakdown}


def read_catalogue(catalogue) -> dict[str, list[str]]:
    """A group's card catalogue: {slug: [seals]} for cards of the seed's list (§3.3)."""
    seals_of = {}
    for slug, seals in as_object(catalogue, "catalogue").items():
        path = join("catalogue", slug)
        if slug not in CARDS:
            raise ScoreInputError(path, f"unknown card {slug!r}")
        seals_of[slug] = _seals(seals, path)
    return seals_of


def _seals(value, path: str) -> list[str]:
    return [as_text(seal, join(path, i)) for i, seal in enumerate(as_list(value, path))]


def _circle(value, path: str, seals_of: Mapping[str, list[str]]) -> Circle:
    rows = as_list(value, path)
    if len(rows) != 3:
        raise ScoreInputError(path, f"must be 3 rows of 3 cells (got {len(rows)} rows)")
    cells = {}
    for row, cols in enumerate(rows):
        row_path = join(path, row)
        if not isinstance(cols, list) or len(cols) != 3:
            raise ScoreInputError(row_path, "must be a row of 3 cells")
        for col, cell in enumerate(cols):
            if cell is not None:
                cells[(row, col)] = _cell(cell, join(row_path, col), seals_of)
    return Circle(cells)


def _cell(cell, path: str, seals_of: Mapping[str, list[str]]) -> tuple[str, list[str]]:
    """A face-up card with its seals; a face-down card is `null` (§3.2)."""
    cell = as_object(cell, path, {"card", "symbols"})
    slug = as_text(required(cell, "card", path), join(path, "card"))
    if slug not in CARDS:
        raise ScoreInputError(join(path, "card"), f"unknown card {slug!r}")
    if "symbols" in cell:
        return slug, _seals(cell["symbols"], join(path, "symbols"))
    if slug in seals_of:
        return slug, list(seals_of[slug])
    raise ScoreInputError(
        join(path, "symbols"), f"is missing and no catalogue gives the seals of {slug!r}"
    )


def _military(breakdown: dict, military: dict[str, int]) -> None:
    """Most military seals +7, or +3 each if tied; fewest −7, or −3 each if tied (§3.7)."""
    most, fewest = max(military.values()), min(military.values())
    top = [name for name, count in military.items() if count == most]
    bottom = [name for name, count in military.items() if count == fewest]
    for name in top:
        breakdown[name]["military:most"] = 7 if len(top) == 1 else 3
    for name in bottom:
        breakdown[name]["military:fewest"] = -7 if len(bottom) == 1 else -3
