"""Project-wide HTTP middleware."""

from django.utils.cache import add_never_cache_headers
from django.utils.deprecation import MiddlewareMixin


class NoStoreMiddleware(MiddlewareMixin):
    """Every page, fragment and JSON answer is `Cache-Control: no-store`.

    A seat's page shows that player's hidden chest: a phone passed round the table, its back
    button, or a shared proxy must never replay it from a cache. Static files never get here
    (whitenoise answers them earlier, with long-lived caching for hashed names).
    """

    def process_response(self, request, response):
        add_never_cache_headers(response)
        return response
