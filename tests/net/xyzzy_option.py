"""A made-up telnet option, XYZZY (99), written as a real option module would be: one policy
record, its state and its hooks, and nothing else anywhere (tests/net/test_options.py)."""

from __future__ import annotations

import attrs

from champions_mush.net.options.policy import OptionPolicy, always

CODE = 99


@attrs.define
class XyzzyState:
    said: list[bytes] = attrs.field(factory=list)


def _enabled(conn, ours: bool, we_asked: bool) -> None:
    conn.send_sb(CODE, b"hello")


def _subneg(conn, payload: bytes) -> None:
    if payload == b"":
        conn.violation("empty XYZZY")
        return
    conn.state(CODE).said.append(payload)


POLICY = OptionPolicy(CODE, "XYZZY", offer_us=always, accept_us=always, on_enable=_enabled,
                      on_subneg=_subneg, new_state=XyzzyState)
