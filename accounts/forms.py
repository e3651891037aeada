"""Sign-up form bound to the custom user model."""

from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignUpForm(UserCreationForm):
    """Django's UserCreationForm pointed at `accounts.User`, asking for an optional email."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
