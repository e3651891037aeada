"""The user model. Directors log in; players join through seat links and need no account."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A person with an account: a director, who runs games (players join through seat links).

    A custom model from the first migration, so fields can be added later without the
    painful mid-project switch away from `auth.User`.
    """
