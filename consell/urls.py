"""Root URLconf: landing and about pages, accounts, companions, audit, language, admin; the game
the rest."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts.views import home
from consell.audit.replay import public_replay
from consell.health import healthz

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("about/", TemplateView.as_view(template_name="about.html"), name="about"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("companions/", include("consell.companions.urls")),
    path("audit/", include("consell.audit.urls")),
    # The public board's replay, of a finished game (docs/audit-log.md, "Replays").
    path("board/<str:board_token>/replay/", public_replay, name="board_replay"),
    path("", include("consell.views.urls")),
]

# Without Django's CSRF check, which read a form body it could not read again (error_pages).
handler400 = "consell.error_pages.bad_request"
handler500 = "consell.error_pages.server_error"
