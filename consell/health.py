"""``/healthz``: the process answers, for a proxy's health check (docs/deployment.md).

It touches neither the database nor the session, so it is also the trivial Django view the
hand-in benchmark (``bench.hand_ins``, issue 14 B3) compares a hand-in with: the cost of
Django's request path alone, under the same load.
"""

from django.http import HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request):
    return HttpResponse("ok", content_type="text/plain")
