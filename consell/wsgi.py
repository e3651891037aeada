"""WSGI entry point, for plain HTTP servers; live updates need the ASGI app (consell.asgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")

application = get_wsgi_application()
