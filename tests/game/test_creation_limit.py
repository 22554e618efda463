"""Characters per address per day: counted when a create starts, a sliding 24 hours."""

from champions_mush.game.creation_limit import MAX_ADDRESSES, CreationLimit

from ..harness import FakeClock, make_world

REFUSED_24H = "Too many characters were created from your address today: try again in about 24 hours, or ask staff."


def test_the_limit_counts_each_address_over_a_sliding_day():
    clock = FakeClock()
    limit = CreationLimit(2, clock)
    assert limit.take("10.0.0.1") is None
    clock.advance(3600)
    assert limit.take("10.0.0.1") is None
    assert limit.take("10.0.0.1") == (
        "Too many characters were created from your address today: try again in about 23 hours, or ask staff.")
    assert limit.take("10.0.0.2") is None
    clock.advance(86400 - 3600)  # the first has left the window
    assert limit.take("10.0.0.1") is None
    clock.advance(86400 * 2)
    assert limit.take("10.0.0.1") is None


def test_zero_means_no_limit_and_memory_stays_bounded():
    assert all(CreationLimit(0, FakeClock()).take("10.0.0.1") is None for _ in range(100))
    limit = CreationLimit(1, FakeClock())
    for n in range(MAX_ADDRESSES + 10):
        limit.take(f"a{n}")
    assert len(limit._times) == MAX_ADDRESSES and "a0" not in limit._times


def test_create_is_refused_past_the_limit_before_any_hashing():
    world = make_world(creates_per_address_per_day=2)
    for name in ("Ann", "Ben"):
        guest = world.guest("10.9.8.7")
        assert guest.do(f"create {name} secret1")[0] == f"Welcome to Champions MUSH, {name}!"
    guest = world.guest("10.9.8.7")
    assert guest.do("create Cat secret1") == [REFUSED_24H]
    assert world.game.find_character("Cat") is None
    assert world.guest("10.9.8.6").do("create Cat secret1")[0] == "Welcome to Champions MUSH, Cat!"
