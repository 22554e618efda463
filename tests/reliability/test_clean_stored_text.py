"""Text kept for others to read later (mail, board posts) and @wall pass through the same
cleaning as say and pose (game/speech.py; docs/reliability.md, impersonation)."""

from champions_mush.game.roles import Role

#: a zero-width space, a right-to-left override, a line separator and a run of spaces
HIDDEN = "Meet\u200b at\u202e the\u2028docks      at nine."
SHOWN = "Meet at the docks at nine."


def test_mail_is_stored_and_shown_clean(world):
    alice, bob = world.login("Alice"), world.login("Bob")
    assert alice.do(f"@mail Bob=Pat\u200brol/{HIDDEN}") == ["You sent your message 'Patrol' to Bob."]
    assert SHOWN in bob.do("@mail 1")


def test_a_board_post_is_stored_and_shown_clean(world):
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    gina.do("+bbnewgroup General")
    assert alice.do(f"+bbpost 1/Pat\u200brol={HIDDEN}") == ["You post 'Patrol' on General as 1/1."]
    assert SHOWN in gina.do("+bbread 1/1")


def test_wall_is_clean_and_an_invisible_message_is_refused(world):
    alice, gina = world.login("Alice"), world.login("Gina", role=Role.STAFF)
    alice.clear()
    gina.do(f"@wall {HIDDEN}")
    assert alice.lines == [f"[Announcement] Gina: {SHOWN}"]
    assert gina.do("@wall \u200b\u200b") == ["Usage: @wall <message>"]
