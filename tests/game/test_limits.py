"""The command rate's token bucket as a paste spends it (game/limits.py; docs/reliability.md, "Every door")."""

import pytest

from champions_mush.game.limits import TokenBucket


def test_a_paste_spends_past_empty_and_waits_until_a_whole_token_is_back():
    bucket = TokenBucket(rate=10, burst=2, now=0.0)
    bucket.charge(0.0, 5.0)  # 2 saved, 3 owed
    assert bucket.wait(0.0) == pytest.approx(0.4)  # 3 owed and 1 to spend, at 10 a second
    assert bucket.wait(0.3) == pytest.approx(0.1)
    assert bucket.wait(0.4) == 0.0 and bucket.take(0.4)  # the typed line after the paste runs
    assert TokenBucket(rate=0, burst=2, now=0.0).wait(0.0) == 0.0


def test_the_line_after_a_paste_that_left_part_of_a_token_waits_for_a_whole_one():
    bucket = TokenBucket(rate=10, burst=2, now=0.0)
    bucket.charge(0.0, 1.7)  # 0.3 left: not in debt, but not a whole token
    assert bucket.wait(0.0) == pytest.approx(0.07)
    assert bucket.take(0.07)
    assert bucket.wait(0.07) == 0.0  # a typed line spent it: ordinary refusals again
    assert not bucket.take(0.07)
