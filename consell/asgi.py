"""ASGI entry point: HTTP goes to Django, websockets to the game's consumers.

The websocket stack checks the Origin against ALLOWED_HOSTS and authenticates from the
session cookie at connect (DESIGN.md, principle 7).
"""

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")

# Django must be set up before anything imports models (the consumers do).
django.setup(set_prefix=False)

from consell.http_handler import ThreadedASGIHandler, cache_content_type_parsing  # noqa: E402

django_asgi_app = ThreadedASGIHandler()
cache_content_type_parsing()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from consell.game.broadcast import RememberServerLoop  # noqa: E402
from consell.game.routing import websocket_urlpatterns  # noqa: E402
from consell.quiet_collector import QuietAfterRequests, install  # noqa: E402

application = ProtocolTypeRouter(
    {
        # The loop is remembered so that a change's notices leave the request (broadcast.py).
        "http": QuietAfterRequests(RememberServerLoop(django_asgi_app)),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# Everything loaded so far (Django, the apps, the URLs) lives as long as the process: kept
# out of the garbage collector's full passes, which otherwise walked it all, 100-odd ms
# during which no screen got its notice (the long tail of B1, docs/performance.md).
gc.freeze()
# The full passes over what is left run when the server is quiet, not inside a change's
# renderings (consell/quiet_collector.py).
install()
