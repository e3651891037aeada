"""Database backends: Django's own, with what the server's kept connections need."""
