"""Portraits on the portal: a player uploads a PNG or JPEG (checked by its own bytes, within
the size limit) through the game, it shows on the character's page to whoever may see it."""

from __future__ import annotations

import struct
import zlib

from champions_mush.game.portraits import MAX_PORTRAIT_BYTES, portrait
from champions_mush.game.roles import Role

from ..harness import make_world
from .helpers import Browser, PortalSite, set_password


def _png(width: int = 2, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _world():
    world = make_world()
    for name in ("Alice", "Bob"):
        set_password(world, name, "secret12")
    world.login("Gina", role=Role.STAFF).do("+approve/force Alice")
    return world


def test_a_portrait_is_uploaded_and_shown():
    world = _world()
    site = PortalSite(world)
    alice = Browser(site)
    alice.login("Alice", "secret12")
    page = alice.upload("/account/portrait", "me.png", _png())
    assert "Your portrait is saved." in page.main
    assert portrait(world.game, world.game.find_character("Alice")) == ("image/png", _png())
    shown = site.get("/portraits/alice")
    assert shown.status == 200 and shown.header("content-type") == "image/png" and shown.body == _png()
    assert shown.header("x-content-type-options") == "nosniff"
    assert '<img class="portrait" src="/portraits/Alice" alt="Alice\'s portrait" width="160">' in site.get(
        "/characters/Alice").text
    gone = alice.post("/account/portrait", {"remove": "1"})
    assert "Your portrait is gone." in gone.main
    assert site.get("/portraits/Alice").status == 404


def test_only_small_png_and_jpeg_pictures_are_taken():
    world = _world()
    alice = Browser(PortalSite(world))
    alice.login("Alice", "secret12")
    html = alice.upload("/account/portrait", "me.png", b"<html><script>alert(1)</script></html>")
    assert "A portrait must be a PNG or JPEG picture." in html.main
    big = alice.upload("/account/portrait", "me.jpg", b"\xff\xd8\xff" + b"\x00" * MAX_PORTRAIT_BYTES)
    assert "A portrait may be at most 256 KB." in big.main
    huge = alice.upload("/account/portrait", "me.png", _png(5000, 1))
    assert "A portrait may be at most 2048 pixels a side." in huge.main
    assert portrait(world.game, world.game.find_character("Alice")) is None


def test_an_unapproved_character_s_portrait_is_not_for_guests():
    world = _world()
    bob = Browser(PortalSite(world))
    bob.login("Bob", "secret12")
    assert "Your portrait is saved." in bob.upload("/account/portrait", "me.png", _png()).main
    assert PortalSite(world).get("/portraits/Bob").status == 404
    assert bob.get("/portraits/Bob").status == 200
