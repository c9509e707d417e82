"""Small helpers shared by the Blue Moon City tests."""

from __future__ import annotations


def legal(state) -> set[str]:
    """Text forms of the legal actions of the seat whose turn it is."""
    return {str(a) for a in state.legal_actions(state.turn_seat)}


def play(state, *moves):
    """Apply the moves (text forms) in order; returns the state."""
    for m in moves:
        state.apply(m)
    return state
