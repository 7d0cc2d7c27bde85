"""A pass by offset counts only seats in play: a seat knocked out of the match or sitting the hand out
neither gives nor receives (docs/choosing.md). With every seat in play it is the plain offset."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from ruleplay.kinds.passing import _along
from ruleplay.engine.table import Table


class _Table:
    """The parts of a Table a pass reads: seats, direction, who is out; its seat walks are the Table's own."""

    def __init__(self, n: int, direction: int, gone: set[int]):
        self.n, self.seat_range, self.rules = n, range(n), SimpleNamespace(direction=direction)
        self.out, self.sitting = [s in gone for s in range(n)], [False] * n

    next_seat = Table.next_seat
    takes_part = Table.takes_part
    playing_from = Table.playing_from


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("direction", [1, -1])
@pytest.mark.parametrize("off", [-7, -3, -1, 1, 2, 3, 8])
def test_with_every_seat_in_play_it_is_the_offset(n, direction, off):
    t = _Table(n, direction, set())
    for s in range(n):
        want = None if off % n == 0 else t.next_seat(s, off)
        assert _along(t, s, off) == want


def test_seats_out_are_skipped():
    # five seats, 1 and 3 out: in play 0, 2, 4 (clockwise). Left (1): 0->2, 2->4, 4->0; right (-1): 0->4.
    t = _Table(5, 1, {1, 3})
    assert [_along(t, s, 1) for s in range(5)] == [2, None, 4, None, 0]
    assert [_along(t, s, -1) for s in range(5)] == [4, None, 0, None, 2]
    assert [_along(t, s, 2) for s in range(5)] == [4, None, 0, None, 2]
    assert [_along(t, s, 3) for s in range(5)] == [None] * 5     # three seats in play: back to the giver
