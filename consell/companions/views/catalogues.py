"""A group's own Versailles card catalogues: which card bears which wax seals (spec §3.9.1).

The seed does not say, so each group types its cards once; the entry page then fills the
seals of a card placed in a Circle from the chosen catalogue.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ..forms import CatalogueForm
from ..models import VersaillesCatalogue


@require_http_methods(["GET", "POST"])
@login_required
def catalogue_list(request: HttpRequest) -> HttpResponse:
    """The user's catalogues and a form to add one."""
    form = CatalogueForm(request.POST or None, owner=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Catalogue saved."))
        return redirect("companions:catalogues")
    catalogues = VersaillesCatalogue.objects.filter(owner=request.user.pk)
    return render(request, "companions/catalogues.html", {"catalogues": catalogues, "form": form})


@require_http_methods(["GET", "POST"])
@login_required
def catalogue_edit(request: HttpRequest, pk: int) -> HttpResponse:
    catalogue = get_object_or_404(VersaillesCatalogue, pk=pk, owner=request.user)
    form = CatalogueForm(request.POST or None, owner=request.user, instance=catalogue)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Catalogue saved."))
        return redirect("companions:catalogues")
    return render(request, "companions/catalogue_edit.html", {"catalogue": catalogue, "form": form})


@require_POST
@login_required
def catalogue_delete(request: HttpRequest, pk: int) -> HttpResponse:
    catalogue = get_object_or_404(VersaillesCatalogue, pk=pk, owner=request.user)
    catalogue.delete()
    messages.success(request, _("Catalogue deleted."))
    return redirect("companions:catalogues")
