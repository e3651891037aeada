"""A whole turn at 16 players, run from the dashboard in a real Chromium at 1366×768, counting
what the director does (issue 35: "≤ 20 actions a turn at 16 players with the keyboard, ≤ 30
with the mouse, measured by a browser test that plays a whole turn"; "the next step, its dice
and its blockers above the fold at 1366×768").

The players are the simulator's bots, in a thread of their own: they plan and hand in, and
answer every decision put to a seat, through the same services their phones call. The
director answers nothing for them. What the director does is counted: a key pressed, or with
the mouse a click, plus a scroll for a button below the fold. Waiting for the table is not an
action: the page is read again when the bots have answered (on a real table the page updates
itself through its socket; the bots' changes are not made through this server's event loop, so
the test reloads instead).
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connections

from consell.rules import decisions as rules_decisions
from consell.rules import phases, procedures
from consell.rules.state import Phase
from consell.simulator.runner import Runner
from tests.game.simulated import runner_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
KEYS = {"all": "a", "confirm": "Enter", "roll": "r", "next": "n"}
MAX_ACTIONS = {"keyboard": 20, "mouse": 30}
# Besides the button pressed, what must be in view when it is: the decisions waited on, the
# boxes for dice rolled at the table, why the phase cannot end yet.
FOLD = ("#turn-waiting", ".table-dice legend", "details.blockers > summary")


class Table(threading.Thread):
    """The sixteen players: they plan and hand in, and answer what is put to their seat."""

    def __init__(self, runner: Runner):
        super().__init__(name="bots", daemon=True)
        self.runner = runner
        self.stopping = threading.Event()
        self.busy = threading.Event()
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stopping.is_set():
                if not self._move():
                    self.busy.clear()
                    time.sleep(0.05)
        except BaseException as exc:  # reported by the test, not lost in the thread
            self.failure = exc
        finally:
            connections.close_all()  # the thread's connection goes back to the pool

    def _move(self) -> bool:
        state = self.runner.state()
        if state.phase is Phase.PLANNING and not all(p.plan.handed_in for p in state.players):
            self.busy.set()
            self.runner._planning(state)
            return True
        for p in state.pending:
            if p.kind == phases.STEP or p.kind in procedures.AUTOMATIC or not p.waiting_for:
                continue
            if rules_decisions.held(state, p):
                continue
            self.busy.set()
            self.runner._answer_pending(state)
            return True
        return False


def _turn_2_begins(state) -> bool:
    return state.turn == 2 and bool(phases.find_step(state, "destiny"))


@pytest.fixture
def table(live_url, dora_cookie):
    """``simulate --players 16 --turns 4 --seed 1`` at the start of turn 2, and its players."""
    runner = runner_until(16, 4, 1, _turn_2_begins)
    bots = Table(runner)
    yield runner, f"{live_url}/games/{runner.gid}/", bots
    bots.stopping.set()
    bots.join(10)


@pytest.fixture
def dora_cookie(live_url, table_director):
    from django.test import Client

    client = Client()
    client.force_login(table_director)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


@pytest.fixture
def table_director(db):
    from django.contrib.auth import get_user_model

    from consell.simulator.runner import DIRECTOR

    user, _ = get_user_model().objects.get_or_create(username=DIRECTOR)
    return user


def _turn_of(page) -> int:
    title = page.locator("#turn-title")
    if not title.count():
        return 0
    return int("".join(c for c in title.inner_text().split("·")[0] if c.isdigit()) or 0)


def _enabled(page, shortcut: str):
    button = page.locator(f'button[data-shortcut="{shortcut}"]:not([disabled])')
    return button.first if button.count() else None


def _play_turn(page, url: str, bots: Table, by: str) -> dict:
    """Run the turn the page shows to its end; what the director did, and where it was."""
    page.goto(url)
    turn = _turn_of(page)
    actions, below_fold, pressed = 0, [], []
    for _ in range(200):
        if bots.failure:
            raise bots.failure
        if _turn_of(page) != turn:
            break
        if bots.busy.is_set():
            time.sleep(0.1)
            continue
        page.goto(url)  # what the socket would have brought
        if _turn_of(page) != turn or bots.busy.is_set():
            continue
        which = next((s for s in KEYS if _enabled(page, s)), None)
        if which is None:
            time.sleep(0.1)
            continue
        button = _enabled(page, which)
        box = button.bounding_box()
        where = page.locator("#turn-title").inner_text()
        if box["y"] + box["height"] > LAPTOP["height"]:
            below_fold.append(f"{where}: {button.inner_text()}")
        for shown in FOLD:  # what the step waits on, and the dice it may take
            for item in page.locator(shown).all():
                if item.bounding_box()["y"] > LAPTOP["height"]:
                    below_fold.append(f"{where}: {shown}")
        with page.expect_navigation():
            if by == "keyboard":
                page.keyboard.press(KEYS[which])
            else:
                if box["y"] + box["height"] > LAPTOP["height"]:
                    actions += 1  # the scroll that brings it into view
                button.click()
        actions += 1
        pressed.append(which)
        time.sleep(0.15)  # the bots see the change before the page is read again
    return {"actions": actions, "below_fold": below_fold, "pressed": pressed}


def test_a_16_player_turn_takes_at_most_20_keys_or_30_clicks(table, dora_cookie, browser):
    runner, url, bots = table
    bots.start()
    page = browser._launched().new_context(viewport=LAPTOP, locale="ca-ES")
    page.add_cookies([dora_cookie])
    tab = page.new_page()

    keyboard = _play_turn(tab, url, bots, "keyboard")
    mouse = _play_turn(tab, url, bots, "mouse")

    print(f"turn 2 by keyboard: {keyboard}\nturn 3 by mouse: {mouse}")
    assert keyboard["pressed"][-1:] == ["confirm"], "the turn ends with End the turn"
    assert keyboard["actions"] <= MAX_ACTIONS["keyboard"], keyboard
    assert mouse["actions"] <= MAX_ACTIONS["mouse"], mouse
    assert not keyboard["below_fold"] and not mouse["below_fold"], "every step above the fold"
