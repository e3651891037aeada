"""The every-viewer crawl: every output of a game opened as every viewer (docs/principles.md,
principle 3).

A ``Crawl`` is hooked into the simulator (``before_step``). At every phase change, at the
first step of every decision the game waits for, and the first time the game is paused, runs
a deadline, has let one pass or has a stand-in playing a seat (``simulate(absent=N)``), it
opens the pages, htmx fragments, JSON, QR
codes and audit pages as the director, each seat (a browser bound through its join link), the
public board and an anonymous visitor, and records every failure with where it happened:

- an answer other than the one the expectation table (``expected``) gives that viewer;
- a secret of another seat (``secrets.Knowledge.hidden_from``) in a seat's or the board's
  output;
- a websocket notice to a seat while Secrets are behind the screen, sent because a reaction
  was offered to it or it answered one (G52);
- after the end, audit content the rules do not reveal;
- ``POST /play/<g>/decide/`` answering differently for another seat's pending decision and a
  decision that does not exist;
- a director correction (posted once per game) answering other than a redirect, or applied
  other than once.

An output that raised is asked again with DEBUG on, as ``./dev serve`` runs: its technical page
must show neither internals nor secrets.
"""

from __future__ import annotations

import html
import json
import os
import re
from dataclasses import dataclass, field, replace

from django.test import Client, override_settings
from django.utils import translation

from consell.content.catalog import load_catalog
from consell.game.models import Event, Game
from consell.game.replay import as_of, steps
from consell.live.page_parts import Asked, render_for_sockets
from consell.rules.audience import Viewer as PageViewer
from consell.rules.state import GameState, Phase, Status
from consell.wording.describe import Names, describe
from tests.pdf_text import pdf_text, squeezed

from .pack import MARKER, Markers
from .secrets import Knowledge, Secret, found, notes_of

# What only Django's technical (DEBUG) error pages print: a viewer must never read them.
INTERNALS = ("Traceback", "Using the URLconf", "Local vars", "DEBUG = True", "Request Method:")
HX = {"HTTP_HX_REQUEST": "true"}
PLAN_EDITS = {"ability_planned", "ability_unplanned", "pile_reordered"}
# The audit's outputs, by the address after /audit/<g>/ (the PDF's text is read with pypdf).
# What live.js asks on a notice: every live part of the phone's page in one request.
ALL_PARTS = "fragment=decisions&fragment=plan&fragment=chest&fragment=board&fragment=log"
AUDIT = ("", "story/", "charts/", "dice/", "replay/", "report/", "report.pdf", "export.json")


@dataclass(frozen=True)
class Url:
    """One output: its address, what it is (the expectation table's key) and how to ask."""

    kind: str  # dashboard, live, qr, game_list, play, fragment, board, board_fragment,
    # board_replay, audit, story_of, post_only
    path: str
    htmx: bool = False
    position: int | None = None  # story_of / qr: whose


@dataclass
class Viewer:
    name: str  # "director", "seat 3", "board", "anonymous"
    client: Client
    seat: int | None = None
    kind: str = "seat"  # director | seat | board | anonymous


def expected(viewer: Viewer, url: Url, finished: bool) -> set[int]:
    """The expectation table: which answers each viewer may get for each output."""
    if url.kind == "post_only":
        return {405}
    if url.kind == "game_list":
        return {200} if viewer.kind == "director" else {302}
    if url.kind == "board_replay":  # the public replay: of a finished game, to its link's holders
        return {200} if finished and viewer.kind in ("director", "board", "seat") else {404}
    if viewer.kind == "director":
        return {404} if url.kind in ("play", "fragment") else {200}
    if url.kind in ("board", "board_fragment"):
        return {200} if viewer.kind in ("board", "seat") else {404}
    if viewer.kind == "seat":
        if url.kind in ("play", "fragment"):
            return {200}
        if url.kind == "audit":
            return {200} if finished else {404}
        if url.kind == "story_of":
            return {200} if finished and url.position == viewer.seat else {404}
    return {404}


@dataclass
class Crawl:
    """Hook for ``simulate(before_step=...)``; ``failures`` is what it found."""

    label: str  # "5 players, seed 2"
    markers: Markers
    sample: int = 1  # crawl every k-th decision step (first of each kind and stage always)
    # With DEBUG on, a view's error is answered (Django's technical page) instead of raised.
    debug: bool = False
    failures: list[str] = field(default_factory=list)
    notices: list[dict] = field(default_factory=list)
    crawled: int = 0
    requests: int = 0
    pushes: int = 0  # the socket parts checked (``pushed``)
    viewers: list[Viewer] = field(default_factory=list)
    knowledge: Knowledge | None = None
    _seen: set = field(default_factory=set)
    _kinds: set = field(default_factory=set)
    _decisions: int = 0
    _where: str = ""
    _probed: set = field(default_factory=set)
    _seq: int = 0
    _answering: tuple = ("", ())
    _debugged: set = field(default_factory=set)
    _corrected: bool = False
    # The log key each phone's socket last sent, held as its page holds it: the next push
    # sends that log its new lines alone (``page_parts.log_update``), checked like the rest.
    _logs: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.knowledge = Knowledge(self.markers)

    # -- the hook ----------------------------------------------------------------------

    def __call__(self, game: Game, state: GameState) -> None:
        if not self.viewers:
            self._open(game)
        oldest = next(
            (
                p
                for p in state.pending
                if p.kind != "step" and (p.kind != "end_of_game" or p.waiting_for)
            ),
            None,
        )
        self._answering = (oldest.kind, tuple(oldest.waiting_for)) if oldest else ("", ())
        self._planted_parties(game)
        catalog = load_catalog(game.pack)
        snapshot = GameState.from_dict(game.snapshot) if game.snapshot else None
        self.knowledge.observe([s for s in (state, snapshot) if s], catalog)
        now = (state.status, state.turn, state.phase)
        stages = {(p.kind, (p.data.get("flow") or {}).get("stage"), p.id) for p in state.pending}
        new_stage = [s for s in stages if s not in self._seen]
        self._seen.update(stages)
        reasons, asked, full = [], set(), False
        phase_change = now not in self._seen
        if phase_change:
            self._seen.add(now)
            reasons.append("phase change")
        for absence in absences(game):
            if absence not in self._seen:
                self._seen.add(absence)
                reasons.append(absence)
                phase_change = True  # every viewer's own page, as at a phase change
                full = full or absence == "paused"
        for kind, stage, pid in sorted(new_stage, key=lambda s: s[2]):
            self._decisions += 1
            first = (kind, stage) not in self._kinds
            self._kinds.add((kind, stage))
            if first or self._decisions % self.sample == 0 or kind == "insurrection":
                reasons.append(f"waits on {kind}" + (f" ({stage})" if stage else ""))
                pending = next(p for p in state.pending if p.id == pid)
                asked.update(pending.waiting_for)
                full = full or (first and kind == "insurrection")
        if not reasons:
            return
        self._where = (
            f"{self.label}, turn {state.turn} {state.phase} ({state.status}), "
            f"seq {game.seq}, step: {'; '.join(reasons)}"
        )
        finished = state.status is Status.FINISHED
        full = full or finished or not self.crawled
        full = full or (phase_change and state.phase is Phase.SECRETS and state.turn in (1, 2))
        depth = "full" if full else "phase" if phase_change else "decision"
        self.crawled += 1
        self.look(game, state, catalog, depth=depth, asked=asked)
        if state.pending and state.status is Status.PLAYING:
            self.probe_decide(game, state)
        if state.phase is Phase.PLANNING and state.status is Status.PLAYING and not self._corrected:
            self._corrected = True
            self.correct(game, state)

    def absences_seen(self) -> set[str]:
        """The states of absence (``absences``) the crawl looked at."""
        return {seen for seen in self._seen if isinstance(seen, str)}

    def correct(self, game: Game, state: GameState) -> None:
        """The director corrects a chest from the dashboard's form, with a planted reason that
        only that player may read while the game runs (a private correction; at the end it is in
        every seat's audit, rules G1), then sends it again."""
        seat = state.players[-1].seat
        words = f"ZQplanted{len(self.knowledge.planted) + 1}S{seat}Q"
        self.knowledge.planted[words] = (seat, seat)
        self.knowledge.until_end.add(words)
        director = self.viewers[0]
        where = f"{self._where}; viewer director; POST /games/{game.pk}/correct/"
        form = {f"res_{seat}_MON": "1", "reason": f"harness {words}", "nonce": f"fix-{words}"}
        before = game.seq
        for attempt in ("", " (sent again, same nonce)"):
            try:
                answer = director.client.post(f"/games/{game.pk}/correct/", form)
            except Exception as error:
                self.failures.append(f"{where}{attempt}: raised {type(error).__name__}: {error}")
                continue
            if answer.status_code != 302:
                self.failures.append(f"{where}{attempt}: answered {answer.status_code}")
        game.refresh_from_db(fields=["seq"])
        applied = Event.objects.filter(game=game, seq__gt=before, kind="correction").count()
        if applied != 1:
            self.failures.append(f"{where}: the correction was applied {applied} times, not once")

    def _open(self, game: Game) -> None:
        director = self._client()
        director.force_login(game.director)
        self.viewers.append(Viewer("director", director, kind="director"))
        for seat in game.seats.order_by("position"):
            client = self._client()
            answer = client.get(f"/s/{seat.token}/")
            if answer.status_code != 302:
                self.failures.append(
                    f"{self.label}: join link of seat {seat.position} answered {answer.status_code}"
                )
            self.viewers.append(Viewer(f"seat {seat.position}", client, seat.position))
        self.viewers.append(Viewer("board", self._client(), kind="board"))
        self.viewers.append(Viewer("anonymous", self._client(), kind="anonymous"))

    def _client(self) -> Client:
        return Client(raise_request_exception=not self.debug)

    def plant(self, where: str, seat: int) -> str:
        """The simulator's ``plant``: a unique marker for each free text a seat writes."""
        words = f"ZQplanted{len(self.knowledge.planted) + 1}S{seat}Q"
        self.knowledge.planted[words] = (seat, None)
        return f"{where}: {words}"

    def _planted_parties(self, game: Game) -> None:
        """Who a planted text went to, read from the private event that carries it."""
        for words, (sender, receiver) in list(self.knowledge.planted.items()):
            if receiver is not None:
                continue
            event = next(
                (
                    e
                    for e in Event.objects.filter(game=game, kind__startswith="trade")
                    if words in json.dumps(e.payload) and isinstance(e.audience, list)
                ),
                None,
            )
            if event is not None:
                others = [s for s in event.audience if s != sender]
                self.knowledge.planted[words] = (sender, others[0] if others else sender)

    # -- the outputs -------------------------------------------------------------------

    def urls(
        self, game: Game, viewer: Viewer, depth: str, asked: set[int], finished: bool = False
    ) -> list[Url]:
        """What ``viewer`` opens: everything (``full``), its own page at a phase change, or
        at a decision the parts that change (the asker's and one bystander's decisions)."""
        g, token = game.pk, game.board_token
        if depth == "decision":
            bystander = min(set(range(1, game.seats.count() + 1)) - asked, default=None)
            return {
                "director": [Url("live", f"/games/{g}/?fragment=live&fragment=log", True)],
                "seat": [Url("play", f"/play/{g}/")]
                if viewer.seat in asked
                else [Url("fragment", f"/play/{g}/?{ALL_PARTS}", True)]
                if viewer.seat == bystander
                else [],
                "board": [Url("board_fragment", f"/board/{token}/?fragment=board", True)],
                "anonymous": [],
            }[viewer.kind]
        own = {
            "director": [Url("dashboard", f"/games/{g}/")],
            "seat": [Url("play", f"/play/{g}/")],
            "board": [Url("board", f"/board/{token}/")],
            "anonymous": [],
        }
        if depth == "phase":
            return own[viewer.kind]
        seats = list(game.seats.order_by("position").values_list("position", flat=True))
        # The viewer's own seat, the first and the last: a seat's URLs differ only in its number.
        positions = sorted({p for p in (seats[0], seats[-1], viewer.seat) if p is not None})
        fragments = [
            Url("fragment", f"/play/{g}/?fragment={f}", True)
            for f in ("decisions", "plan", "chest", "board")
        ]
        fragments.append(Url("fragment", f"/play/{g}/?{ALL_PARTS}", True))
        audit = [Url("audit", f"/audit/{g}/{a}") for a in AUDIT]
        undrawn = [u for u in audit if not u.path.endswith(".pdf")]
        if viewer.kind == "seat" and viewer.seat not in (seats[0], seats[-1]):
            # Every seat reads all of its own outputs; the first and the last seat stand for
            # the others at everyone else's addresses (the 404s are alike for any seat). The
            # PDF is the seat's report page drawn (one context, ``audit.views``), which this
            # seat reads as HTML; drawing it takes seconds (docs/performance.md), so the first
            # and the last seat read theirs for everyone.
            return own["seat"] + fragments + (undrawn if finished else [])
        if viewer.kind == "director" and not finished:
            audit = undrawn  # the director's PDF hides nothing from the director: at the end
        everything = own["director"] + own["seat"] + fragments
        everything.append(Url("live", f"/games/{g}/?fragment=live&fragment=log", True))
        if viewer.kind != "anonymous":  # the board's link is the board's; see ``expected``
            everything += own["board"]
            everything.append(Url("board_fragment", f"/board/{token}/?fragment=board", True))
            everything.append(Url("board_replay", f"/board/{token}/replay/"))
        everything += [Url("game_list", "/games/")]
        everything += [Url("qr", f"/games/{g}/seats/{p}/qr.svg", position=p) for p in positions]
        everything += [Url("seat_sheet", f"/games/{g}/seats/print/")]
        everything += audit
        everything += [Url("story_of", f"/audit/{g}/story/{p}/", position=p) for p in positions]
        everything += [
            Url("post_only", f"/games/{g}/turn/advance/"),
            Url("post_only", f"/play/{g}/decide/"),
            Url("post_only", f"/games/{g}/correct/"),
        ]
        return everything

    def look(self, game: Game, state: GameState, catalog, *, depth: str, asked) -> None:
        finished = state.status is Status.FINISHED
        for viewer in self.viewers:
            urls = self.urls(game, viewer, depth, asked, finished)
            if viewer.kind == "director" and depth == "phase" and state.phase is Phase.DESTINY:
                urls.append(Url("audit", f"/audit/{game.pk}/"))  # the log so far, each turn
            if not urls:
                continue
            secrets, mine = self._hidden_and_own(game, state, catalog, viewer)
            for url in urls:
                self.fetch(viewer, url, finished, secrets, mine)
            if viewer.kind != "anonymous":  # a stranger's socket is closed at connect
                self.pushed(game, viewer, secrets, mine)
            if finished and viewer.kind == "seat":
                self._audit_export(game, viewer)
        if finished and depth == "full":
            self.replays(game, catalog)

    def replays(self, game: Game, catalog) -> None:
        """At the end, every step of the replays: the first and the last seat's (the audit's
        ``replay/``) and the public one (``/board/<token>/replay/``), each searched for what was
        hidden from that viewer at that step, computed from the state kept for it (a later
        reveal must not leak backwards); the director's first and last steps."""
        every = steps(game)
        seats = [v for v in self.viewers if v.kind == "seat"]
        board = next(v for v in self.viewers if v.kind == "board")
        director = self.viewers[0]
        watched = [seats[0], seats[-1], board]
        for step in every:
            past = as_of(game, step)
            state = GameState.from_dict(past.state)
            public = self._public_words(past, state, catalog)
            for viewer in watched:
                secrets = self.knowledge.hidden_from(state, catalog, viewer.seat)
                mine = self._own_words(game, state, catalog, viewer.seat) | public
                path = (
                    f"/board/{game.board_token}/replay/"
                    if viewer.kind == "board"
                    else f"/audit/{game.pk}/replay/"
                )
                url = Url("board_replay" if viewer.kind == "board" else "audit",
                          f"{path}?step={step.number}")  # fmt: skip
                self.fetch(viewer, url, True, secrets, mine)
            if step.number in (1, len(every)):
                url = Url("audit", f"/audit/{game.pk}/replay/?step={step.number}")
                self.fetch(director, url, True, [], set())

    def fetch(self, viewer, url, finished, secrets, mine, client=None, label="") -> None:
        self.requests += 1
        where = f"{self._where}; viewer {viewer.name}; GET {url.path}{label}"
        try:
            answer = (client or viewer.client).get(url.path, **(HX if url.htmx else {}))
        except Exception as error:  # the test client re-raises a view's exception
            self.failures.append(f"{where}: raised {type(error).__name__}: {error}")
            self._with_debug(viewer, url, finished, secrets, mine)
            return
        allowed = expected(viewer, url, finished)
        if answer.status_code not in allowed:
            self.failures.append(
                f"{where}: answered {answer.status_code}, expected {sorted(allowed)}"
            )
        if answer.status_code == 302 and "/accounts/login/" not in answer.get("Location", ""):
            self.failures.append(f"{where}: redirected to {answer.get('Location')}, not login")
        body = answer.content.decode("utf-8", "replace")
        # A developer who turns DEBUG on gets Django's technical 404 (the URL patterns, no
        # game); what no viewer may ever meet, DEBUG on or off, is an error page of the game.
        developer_404 = answer.status_code == 404 and (self.debug or label)
        if answer.status_code >= 400 and not developer_404:
            shown = [words for words in INTERNALS if words in body]
            if shown:
                self.failures.append(
                    f"{where}: the {answer.status_code} page shows internals ({shown[0]!r})"
                )
        if not secrets or url.kind == "qr":
            return
        if answer.status_code == 200 and answer.get("Content-Type") == "application/pdf":
            body, secrets, mine = _as_pdf_text(answer.content, secrets, mine)
        for secret in found(body, secrets, mine):
            self.failures.append(
                f"{where}: shows {f'seat {secret.owner}' if secret.owner else 'nobody'}'s "
                f"{secret.what} "
                f"(looked for {secret.needles[0]!r})"
            )

    def pushed(self, game: Game, viewer, secrets, mine) -> None:
        """What this viewer's socket would send with a notice now: its page's parts, made by
        ``page_parts.render_for_sockets`` for the right the socket connected with, a phone's
        log as the lines added since its previous push."""
        self.requests += 1
        token = ""
        if viewer.kind == "seat":
            token = game.seats.get(position=viewer.seat).token
        log = self._logs.get((game.pk, viewer.name))
        asked = Asked(
            {"director": PageViewer.director(), "board": PageViewer.public()}.get(
                viewer.kind, PageViewer.for_seat(viewer.seat or 0)
            ),
            translation.get_language(),
            held=(("log", log),) if log else (),
            seat_token=token,
            director=game.director_id if viewer.kind == "director" else None,
        )
        where = f"{self._where}; viewer {viewer.name}; the parts its socket sends"
        try:
            (parts,) = render_for_sockets(game.pk, [asked])
        except Exception as error:
            self.failures.append(f"{where}: raised {type(error).__name__}: {error}")
            return
        if parts is None:
            self.failures.append(f"{where}: none were made (the page would have to ask)")
            return
        self.pushes += 1
        if "log" in parts.keys:
            self._logs[(game.pk, viewer.name)] = parts.keys["log"]
        for secret in found(parts.joined(), secrets, mine) if secrets else ():
            self.failures.append(
                f"{where}: shows {f'seat {secret.owner}' if secret.owner else 'nobody'}'s "
                f"{secret.what} (looked for {secret.needles[0]!r})"
            )

    def _with_debug(self, viewer, url, finished, secrets, mine) -> None:
        """Ask an output that raised again, as ``./dev serve`` (DEBUG on) would answer it: the
        error page must show neither internals nor secrets (once per viewer kind and output)."""
        if self.debug or (viewer.kind, url.kind) in self._debugged:
            return
        self._debugged.add((viewer.kind, url.kind))
        client = Client(raise_request_exception=False)
        client.cookies = viewer.client.cookies
        with override_settings(DEBUG=True):
            self.fetch(viewer, url, finished, secrets, mine, client, " (again, DEBUG on)")

    def _own_words(self, game: Game, state: GameState, catalog, seat: int | None) -> set[str]:
        """What a viewer's own notes and abort reasons say: a note may legitimately name
        another's card, and two abort reasons may read alike ("Cannot pay 2 POW...")."""
        if seat is None:
            return set()
        words = set()
        for note in notes_of(state, catalog, state.player(seat)):
            words.update(note.needles)
            words.update(MARKER.findall(note.needles[-1]))
        names = Names(state.to_dict(), catalog, "en")
        for kind, payload, audience in Event.objects.filter(
            game=game, kind__in=("aborted", "abort_reason")
        ).values_list("kind", "payload", "audience"):
            if isinstance(audience, list) and seat in audience:
                said = describe(kind, payload, names).strip()
                words.update((said, html.escape(said)))
        return words

    def _public_words(self, past: Game, state: GameState, catalog) -> set[str]:
        """The markers the public log had said to everyone by a replay's step (``past``): an
        action done in public shows its ability (G21), an end-of-game reaction its objective,
        so a replay step that shows them again shows nothing hidden (``Knowledge`` follows the
        states, not the log). What the Secrets being resolved at that step recorded is left out."""
        names = Names(state.to_dict(), catalog, "en")
        behind = state.turn if past.snapshot is not None else None
        words: set[str] = set()
        for kind, actor, turn, phase, payload in Event.objects.filter(
            game_id=past.pk, seq__lte=past.seq, audience="public"
        ).values_list("kind", "actor", "turn", "phase", "payload"):
            if (turn, phase) == (behind, "secrets"):
                continue
            words.update(MARKER.findall(describe(kind, {"seat": actor, **payload}, names)))
        return words

    def _audit_export(self, game: Game, viewer: Viewer) -> None:
        """At the end: a seat's export holds no one else's draft plan edits (rules §4.17)."""
        answer = viewer.client.get(f"/audit/{game.pk}/export.json")
        if answer.status_code != 200:
            return
        document = json.loads(answer.content)
        edits = [
            e
            for e in document.get("events", [])
            if e["kind"] in PLAN_EDITS and e["actor"] != viewer.seat
        ]
        if edits:
            e = edits[0]
            self.failures.append(
                f"{self._where}; viewer {viewer.name}; GET /audit/{game.pk}/export.json: holds "
                f"{len(edits)} draft plan edits of other seats, e.g. seq {e['seq']} {e['kind']} "
                f"of seat {e['actor']}"
            )

    # -- POST /play/<g>/decide/ ---------------------------------------------------------

    def probe_decide(self, game: Game, state: GameState) -> None:
        """Another seat's pending id and an id that does not exist must answer alike."""
        seq = game.seq
        missing = state.next_pending_id + 1000
        for pending in state.pending:
            if not pending.waiting_for or pending.kind in self._probed:
                continue
            self._probed.add(pending.kind)
            owner = pending.waiting_for[0]
            prober = next(
                (v for v in self.viewers if v.kind == "seat" and v.seat not in pending.waiting_for),
                None,
            )
            if prober is None:
                continue
            said = {}
            for name, pid in (("theirs", pending.id), ("none", missing)):
                answer = prober.client.post(f"/play/{game.pk}/decide/", {"pending": pid})
                said[name] = (answer.status_code, re.sub(r"\d+", "N", _messages(answer)))
            if said["theirs"] != said["none"]:
                self.failures.append(
                    f"{self._where}; viewer {prober.name}; POST /play/{game.pk}/decide/: "
                    f"pending {pending.id} ({pending.kind}, seat {owner}'s) answers "
                    f"{said['theirs']} but a missing id answers {said['none']}"
                )
            game.refresh_from_db(fields=["seq"])
            if game.seq != seq:
                self.failures.append(
                    f"{self._where}; viewer {prober.name}: deciding seat {owner}'s pending "
                    f"{pending.id} changed the game (seq {seq} -> {game.seq})"
                )
                return

    def _absence_between_steps(self, game: Game) -> None:
        """A state of absence that lasts only between two of the simulator's steps (a passed
        deadline, while its defaults are given one change after another) is checked where it
        shows: in the parts each viewer's socket is sent at that change."""
        new = [absence for absence in absences(game) if absence not in self._seen]
        if not new or not self.viewers or game.state is None:
            return
        self._seen.update(new)
        state = GameState.from_dict(game.state)
        catalog = load_catalog(game.pack)
        self._where = f"{self.label}, seq {game.seq}, between two steps: {'; '.join(new)}"
        for viewer in self.viewers:
            if viewer.kind == "anonymous":
                continue
            self.pushed(game, viewer, *self._hidden_and_own(game, state, catalog, viewer))

    def _hidden_and_own(self, game: Game, state: GameState, catalog, viewer):
        """What ``viewer`` must not be shown now, and the words that are its own to read; a
        director hides nothing."""
        if viewer.kind not in ("seat", "board"):
            return [], set()
        hidden = self.knowledge.hidden_from(state, catalog, viewer.seat)
        return hidden, self._own_words(game, state, catalog, viewer.seat)

    # -- websocket notices (G52) --------------------------------------------------------

    def heard(self, game_id: int, versions: dict[str, int]) -> None:
        """Hears ``consell.game.signals.game_changed``: which viewers were woken, and by which
        events."""
        game = Game.objects.get(pk=game_id)
        events = list(Event.objects.filter(game=game, seq__gt=self._seq).order_by("seq"))
        self._seq = game.seq
        state = game.state or {}
        record = {
            "versions": dict(versions),
            "behind_screen": game.snapshot is not None,
            "where": f"{self.label}, turn {state.get('turn')} {state.get('phase')}, seq {game.seq}",
            "events": [(e.seq, e.kind, e.actor, e.audience) for e in events],
        }
        self.notices.append(record)
        self._absence_between_steps(game)
        if not record["behind_screen"]:
            return
        answering_kind, answering_seats = self._answering
        for key in versions:
            if not key.startswith("seat:"):
                continue
            seat = int(key[5:])
            offered = any(e.kind in REACTION_KINDS and e.actor == seat for e in events)
            reacted = answering_kind == "reaction" and seat in answering_seats
            if offered or reacted:
                kinds = ", ".join(f"{k} (seat {a})" for _, k, a, _ in record["events"])
                self.failures.append(
                    f"{record['where']}: seat {seat}'s socket was woken behind the Secrets "
                    f"screen (G52) by: {kinds}"
                )


def absences(game: Game) -> list[str]:
    """What the game shows of time and absence now (G60-G63): paused, a deadline running or
    passed, a stand-in playing a seat."""
    clock = game.clock or {}
    shown = []
    if clock.get("paused"):
        shown.append("paused")
    if clock.get("deadline"):
        shown.append("deadline passed" if clock.get("passed") else "deadline running")
    if game.stand_ins:
        shown.append("stand-ins play")
    return shown


def _as_pdf_text(content: bytes, secrets: list[Secret], mine: set[str]):
    """A PDF's words and the needles to look for in them, all without spaces or line breaks
    (``tests/pdf_text.py``): a PDF breaks its lines anywhere, and holds no markup."""
    body = squeezed(pdf_text(content))
    secrets = [
        replace(s, needles=tuple(squeezed(html.unescape(n)) for n in s.needles)) for s in secrets
    ]
    return body, secrets, {squeezed(html.unescape(words)) for words in mine}


def _messages(answer) -> str:
    """The messages this one request added (not those still queued from earlier ones)."""
    storage = answer.wsgi_request._messages
    return " | ".join(str(m) for m in storage._queued_messages)


REACTION_KINDS = {"reaction_offered", "reaction_declined"}


def signature(failure: str) -> str:
    """What kind of failure this is, without where it happened (to group them)."""
    tail = failure.split("; viewer ", 1)[-1]
    tail = re.sub(r"ZQ[a-z_]+\d+(A\d+)?Q", "<marker>", tail)
    return re.sub(r"\d+", "N", re.sub(r"/board/\w+/", "/board/<token>/", tail))


def leaks(failures: list[str]) -> str:
    """Every distinct failure once, with how often it happened and its first occurrence in
    full. ``HARNESS_REPORT=<file>`` writes every failure there too."""
    if not failures:
        return ""
    report = os.environ.get("HARNESS_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as out:
            out.write("\n".join(failures) + "\n")
    groups: dict[str, list[str]] = {}
    for failure in failures:
        groups.setdefault(signature(failure), []).append(failure)
    lines = [f"{len(failures)} failures of {len(groups)} kinds (first occurrence of each):"]
    for same in groups.values():
        lines.append(f"[{len(same)}x] {same[0]}")
    return "\n".join(lines)


__all__ = ["Crawl", "expected", "leaks"]
