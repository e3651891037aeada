"""The one base layout every page extends: htmx vendored, CSRF for htmx, language switcher."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_it_loads_htmx_from_our_own_static_files(client):
    page = client.get(reverse("home")).content.decode()
    assert '<script src="/static/vendor/htmx.min.js"></script>' in page
    script = client.get("/static/vendor/htmx.min.js")
    assert script.status_code == 200
    assert b"htmx" in b"".join(script.streaming_content)


def test_it_sends_the_csrf_token_with_every_htmx_request(client):
    page = client.get(reverse("home")).content.decode()
    assert re.search(r"<body[^>]* hx-headers='\{\"X-CSRFToken\": \"[A-Za-z0-9]{32,}\"\}'>", page)


@pytest.mark.catalan
def test_it_offers_both_languages_in_the_switcher(client):
    page = client.get(reverse("home")).content.decode()
    assert f'action="{reverse("set_language")}"' in page
    assert '<option value="ca" selected>català</option>' in page
    assert '<option value="en">English</option>' in page
