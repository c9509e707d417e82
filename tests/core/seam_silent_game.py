"""A game package still being written: it imports cleanly but registers nothing."""
