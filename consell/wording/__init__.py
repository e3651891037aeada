"""Wording: what the game's ids, events and rules are called, in the reader's language."""
