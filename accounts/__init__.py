"""Directors' accounts: the custom user model, sign-up, log in and log out."""
