"""Game logs and deal files: writing them as games run, reading them back, replaying them."""
