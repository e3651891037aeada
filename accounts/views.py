"""Landing page and sign-up; log in and log out are Django's own auth views."""

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import SignUpForm


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create a director account and log it in straight away."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)  # by the one backend listed (settings.AUTHENTICATION_BACKENDS)
        messages.success(request, _("Welcome, %(name)s.") % {"name": user.get_username()})
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
