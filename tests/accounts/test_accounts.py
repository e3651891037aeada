"""Directors sign up, log in and log out; players never need an account."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_it_uses_the_custom_user_model():
    assert settings.AUTH_USER_MODEL == "accounts.User"
    assert get_user_model() is User


def test_it_signs_up_a_director_and_logs_her_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "dora",
            "email": "dora@example.org",
            "password1": "dora-plays-fair",
            "password2": "dora-plays-fair",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    dora = User.objects.get(username="dora")
    assert client.session["_auth_user_id"] == str(dora.pk)


def test_it_refuses_a_sign_up_with_mismatched_passwords(client):
    response = client.post(
        reverse("signup"),
        {"username": "dora", "password1": "dora-plays-fair", "password2": "dora-plays-unfair"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not User.objects.filter(username="dora").exists()


def test_it_logs_in_with_the_right_password_and_opens_her_games(client, director):
    response = client.post(reverse("login"), {"username": "dora", "password": "dora-plays-fair"})
    assert response.status_code == 302
    assert response["Location"] == "/games/"
    assert client.session["_auth_user_id"] == str(director.pk)


def test_it_refuses_a_wrong_password(client, director):
    response = client.post(reverse("login"), {"username": "dora", "password": "guess"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_it_logs_out(client_dora):
    response = client_dora.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client_dora.session


def test_it_greets_a_logged_in_director_with_a_link_to_her_games(client_dora):
    response = client_dora.get(reverse("home"))
    assert response.status_code == 200
    assert b'href="/games/"' in response.content
    assert b"dora" in response.content


def test_it_offers_log_in_and_sign_up_to_a_visitor(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert reverse("login").encode() in response.content
    assert reverse("signup").encode() in response.content
    assert b'href="/games/"' not in response.content


@pytest.mark.catalan
def test_it_serves_pages_in_catalan_by_default(client):
    response = client.get(reverse("login"))
    assert response["Content-Language"] == "ca"
    assert b'<html lang="ca">' in response.content


def test_it_switches_to_english(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    response = client.get(reverse("login"))
    assert response["Content-Language"] == "en"
