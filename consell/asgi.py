"""ASGI entry point: HTTP goes to Django's own handler, websockets to the game's consumers.

The websocket stack checks the Origin against ALLOWED_HOSTS and authenticates from the
session cookie at connect (docs/principles.md, principle 7).
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")

# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from consell.live.broadcast import RememberServerLoop  # noqa: E402
from consell.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        # The loop is remembered so that a change's notices leave the request (broadcast.py).
        "http": RememberServerLoop(django_asgi_app),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# Everything loaded so far (Django, the apps, the URLs) lives as long as the process: kept
# out of the garbage collector's full passes, which would otherwise walk it all again.
gc.freeze()
