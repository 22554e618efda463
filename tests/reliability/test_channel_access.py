"""Channel access follows the role on every use, over real TCP: a demoted staffer loses the
staff channel through his old alias, and an alias of a destroyed channel stays dead when a new
channel of the same name is made (docs/reliability.md, "Channels")."""

from tests.e2e.helpers import serving_with_admin


def test_demotion_and_a_reused_channel_name_over_real_tcp(tmp_path):
    with serving_with_admin(tmp_path, name="Root", password="adminpw1") as (server, root):
        bob = server.login("Bob")
        root.do("@set Bob=staff", "Bob is now staff.")
        root.do("@ccreate/staff Staff=For staff", "Channel Staff created (staff only).")
        root.do("addcom st=Staff", "Channel Staff added with alias 'st'.")
        bob.do("addcom st=Staff", "Channel Staff added with alias 'st'.")
        bob.do("st hello", "[Staff] Bob: hello")
        root.do("@set Bob=player", "Bob is now player.")
        bob.expect("Root made you player.\n")
        for line in ("st can you hear me", "st who", "st last", "st on"):
            assert bob.do(line, "\n") == "Only staff may use Staff.\n", line
        root.do("st the secret", "[Staff] Root: the secret")
        root.do("@ccreate Ops=Ops", "Channel Ops created.")
        bob.do("addcom ops=Ops", "Channel Ops added with alias 'ops'.")
        root.do("@cdestroy Ops", "Channel Ops destroyed.")
        root.do("@ccreate/staff Ops=Staff ops", "Channel Ops created (staff only).")
        root.do("@set Bob=staff", "Bob is now staff.")
        bob.expect("Root made you staff.\n")
        assert bob.do("ops hi", "\n") == 'Huh? (Type "+help" for help.)\n'
        assert "secret" not in bob.text
