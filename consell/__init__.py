"""Consell: a game master's assistant for El Consell del Rei."""
