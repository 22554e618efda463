"""A private scene over real telnet: two invited players join it, pose in order with nudges, one
fixes a typo after an ``@reboot``, the log is shared once stopped, and all of it survives
``kill -9`` and a restart (docs/player-guide.md, "Scenes")."""

from __future__ import annotations

import pytest

from .helpers import Server, create_admin, read_line

pytestmark = pytest.mark.e2e

CONFIG = "password_cost: 1024\nconnects_per_minute: 0\n"
TURN = "[Scene] Your turn to pose in scene 1 (Docks at midnight)."


def test_a_private_scene_in_pose_order_with_a_typo_fix_shared_and_kept_across_reboot_and_kill_9(tmp_path):
    server = Server(tmp_path / "game", CONFIG)
    create_admin(server, "Gina", "secret1")
    with server:
        alice, bob, cara = (server.login(name) for name in ("Alice", "Bob", "Cara"))
        gina = server.client()
        gina.expect("QUIT")
        gina.send("connect Gina secret1")
        gina.expect("Heroes gather here.\n")
        gina.send("@dig Far")
        far = read_line(gina, "Far dug as #").removeprefix("Far dug as #").rstrip(".")
        for name in ("Bob", "Cara"):
            gina.send(f"@teleport {name}=#{far}")
            assert read_line(gina, f"{name} teleported") == f"{name} teleported to Far (#{far})."
        alice.send("+scene/start Docks at midnight")
        read_line(alice, "[Scene] Alice starts")
        alice.send("+scene/private")
        assert read_line(alice, "Scene 1 is") == \
            "Scene 1 is private: only those you +scene/invite may join or read it."
        for name, client in (("Bob", bob), ("Cara", cara)):
            alice.send(f"+scene/invite {name}")
            assert read_line(alice, "You invite") == f"You invite {name} to scene 1."
            assert read_line(client, "[Scene] Alice invites") == (
                "[Scene] Alice invites you to scene 1 (Docks at midnight) in Hero Plaza. "
                "+scene/join 1 takes you there.")
            client.send("+scene/join 1")
            assert read_line(alice, f"{name} arrives") == f"{name} arrives to join scene 1."
        alice.send(":looks out to sea.")
        read_line(alice, "Alice looks")
        bob.send(":checks his watch.")
        assert read_line(alice, "[Scene] Your turn") == TURN
        cara.send('"Ther boat is late.')
        read_line(cara, "You say")
        assert read_line(alice, "[Scene] Your turn") == TURN
        gina.send("@reboot")  # the pose order and Cara's last pose are read back from the log
        gina.expect("Reload done in ", timeout=60)
        cara.send("+scene/typo The boat is late.")
        assert read_line(cara, "Your last") == 'Your last pose in the log now reads: Cara says, "The boat is late."'
        alice.send(":nods.")
        assert read_line(bob, "[Scene] Your turn") == TURN
        alice.send("+scene/order")
        assert read_line(alice, "Pose order") == "Pose order in scene 1: Bob, Cara, Alice. Next: Bob."
        alice.send("+scene/stop")
        read_line(alice, "[Scene] Alice stops")
        bob.send("+scene/share 1")
        assert read_line(bob, "Scene 1 is") == "Scene 1 is shared: anyone may read it, and the scene archive lists it."

        server.kill9()
        server.start()
        dan = server.login("Dan")
        dan.send("+scene/text 1")
        read_line(dan, "-- begin scene 1 --")
        body = dan.expect("-- end scene 1 --")
        lines = [line[8:] for line in body.splitlines() if line.startswith("[")]
        assert lines == [
            "[Scene] Alice starts scene 1: Docks at midnight. Everything said here is logged until +scene/stop.",
            "Bob arrives to join scene 1.", "Cara arrives to join scene 1.",
            "Alice looks out to sea.", "Bob checks his watch.", 'Cara says, "The boat is late."', "Alice nods.",
            "[Scene] Alice stops scene 1: Docks at midnight. +scene/log 1 reads it back."]
        dan.send("+scene 1")
        read_line(dan, "Scene 1: Docks at midnight")
        assert read_line(dan, "Participants") == "Participants: Alice, Gina, Bob, Cara"  # Gina was there when it started
        assert read_line(dan, "Invited") == "Invited: Bob, Cara"
        assert read_line(dan, "Scene is") == "Scene is private, shared."
