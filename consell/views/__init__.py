"""Game views: the director's pages, the players' phones and the public board."""
