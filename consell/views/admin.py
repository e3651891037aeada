"""The repair path for a stuck game, in the Django admin (superusers only).

A superuser sees a game as it stands (its state, the decisions it waits for, its recent
events) and can move it on through the same services the dashboard uses, each repair logged as
the director's with a reason (``services.repair``). Nothing here edits the state by hand: a
change that the rules would refuse is refused here too, with the same message.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.crypto import get_random_string
from django.utils.translation import gettext_lazy as _

from consell.game.models import Event, Game, Seat
from consell.game.services import repair
from consell.game.services.store import AlreadyApplied, StaleRequest
from consell.rules.errors import RuleError
from consell.rules.state import GameState
from consell.rules.state_schema import StateShapeError
from consell.wording.templatetags.consell_game import pending_label

RECENT_EVENTS = 40


class RepairForm(forms.Form):
    """One repair: what to do, its parameters as the dashboard would send them, and why."""

    action = forms.ChoiceField(
        label=_("Repair"),
        choices=[
            (repair.ADVANCE, _("Go on to the next phase")),
            (repair.DECIDE, _("Decide a pending decision in the player's place")),
            (repair.PROCEDURE, _("Run a pending procedure")),
            (repair.CORRECT, _("Correct chests or indicators")),
            (repair.REISSUE, _("Reissue a seat's link")),
            (repair.NOTIFY, _("Refresh every screen")),
        ],
    )
    pending = forms.IntegerField(label=_("Pending decision (number)"), required=False, min_value=1)
    seat = forms.IntegerField(label=_("Seat (number)"), required=False, min_value=1)
    decision = forms.CharField(
        label=_("Decision (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('As a phone would send it, for example {"side": "yes", "spend": 0}.'),
    )
    resources = forms.CharField(
        label=_("Resources to add or remove (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('By seat, for example {"3": {"MON": 2, "INT": -1}}.'),
    )
    indicators = forms.CharField(
        label=_("Indicators to set (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('By kingdom, for example {"1": {"stability": 3}}.'),
    )
    reason = forms.CharField(label=_("Why"), max_length=repair.REASON_MAX)
    nonce = forms.CharField(widget=forms.HiddenInput)

    def clean_decision(self):
        return _json(self.cleaned_data["decision"])

    def clean_resources(self):
        return _json(self.cleaned_data["resources"])

    def clean_indicators(self):
        return _json(self.cleaned_data["indicators"])

    def params(self) -> dict:
        """The parameters the chosen repair reads; the others are left out of its log."""
        data = self.cleaned_data
        wanted = {
            repair.DECIDE: ("pending", "decision"),
            repair.PROCEDURE: ("pending",),
            repair.CORRECT: ("resources", "indicators"),
            repair.REISSUE: ("seat",),
        }.get(data["action"], ())
        return {key: data[key] for key in wanted if data.get(key) not in (None, "")}


def _json(text: str):
    if not text.strip():
        return None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise forms.ValidationError(_("This is not valid JSON.")) from exc


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are made and played from the site; the admin shows them and repairs them."""

    list_display = ["name", "director", "status", "seq", "updated_at"]
    search_fields = ["name", "director__username"]
    actions = None

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.is_active and request.user.is_superuser

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        return self.has_module_permission(request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def get_urls(self):
        repair_view = self.admin_site.admin_view(self.repair_view)
        return [
            path("<int:game_id>/repair/", repair_view, name="game_game_repair"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        return HttpResponseRedirect(reverse("admin:game_game_repair", args=[object_id]))

    def repair_view(self, request: HttpRequest, game_id: int):
        if not self.has_module_permission(request):
            raise PermissionDenied
        game = Game.objects.filter(pk=game_id).select_related("director", "pack").first()
        if game is None:
            self.message_user(request, _("There is no such game."), messages.ERROR)
            return HttpResponseRedirect(reverse("admin:game_game_changelist"))
        if request.method == "POST":
            form = RepairForm(request.POST)
            if form.is_valid() and self._run(request, game, form):
                return HttpResponseRedirect(request.path)
        else:
            form = RepairForm(initial={"nonce": get_random_string(24)})
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Repair %(game)s") % {"game": game.name},
            "game": game,
            "form": form,
            **_game_summary(game),
        }
        return TemplateResponse(request, "admin/game/repair.html", context)

    def _run(self, request: HttpRequest, game: Game, form: RepairForm) -> bool:
        data = form.cleaned_data
        try:
            repair.repair(
                game.pk, data["action"], data["reason"], params=form.params(), nonce=data["nonce"]
            )
        except AlreadyApplied:
            self.message_user(request, _("That was already done."), messages.INFO)
            return True
        except StaleRequest:
            self.message_user(request, _("The game changed; nothing was done."), messages.WARNING)
            return False
        except RuleError as exc:
            form.add_error(None, str(exc))
            return False
        self.message_user(request, _("Repair done and logged."), messages.SUCCESS)
        return True


def _game_summary(game: Game) -> dict:
    """What a repairer reads first: the seats, the open decisions, the last events, the state."""
    state = game.state or {}
    names = dict(Seat.objects.filter(game=game).values_list("position", "name"))
    pending = [
        {
            "id": p.get("id"),
            "label": pending_label(p.get("kind")),
            "kind": p.get("kind"),
            "waiting": [names.get(s, s) for s in p.get("waiting_for", [])],
            "data": json.dumps(p.get("data", {}), ensure_ascii=False, sort_keys=True),
        }
        for p in state.get("pending", [])
    ]
    events = Event.objects.filter(game=game).order_by("-seq")[:RECENT_EVENTS]
    problem = None
    try:
        if game.state:
            GameState.from_dict(game.state)
    except (StateShapeError, RuleError, KeyError, TypeError, ValueError) as exc:
        problem = str(exc) or exc.__class__.__name__
    return {
        "seats": sorted(names.items()),
        "pending": pending,
        "events": [
            {
                "seq": e.seq,
                "turn": e.turn,
                "phase": e.phase,
                "kind": e.kind,
                "audience": e.audience,
                "by_director": e.by_director,
                "payload": json.dumps(e.payload, ensure_ascii=False, sort_keys=True),
            }
            for e in events
        ],
        "state_json": json.dumps(state, ensure_ascii=False, indent=1, sort_keys=True),
        "state_problem": problem,
        "phase": state.get("phase"),
        "turn": state.get("turn"),
    }
