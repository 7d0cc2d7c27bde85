"""A pass by offset counts only seats in play: a seat knocked out of the match or sitting the hand out
neither gives nor receives (docs/choosing.md). With every seat in play it is the plain offset."""
from __future__ import annotations

import pytest

from ruleplay.phases.passing import _along
from ruleplay.table import Table


class _Table:
    def __init__(self, n: int, direction: int, gone: set[int]):
        self.n, self.direction, self.gone, self.seat_range = n, direction, gone, range(n)

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step * self.direction) % self.n

    def takes_part(self, seat: int) -> bool:
        return seat not in self.gone

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
