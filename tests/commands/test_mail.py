"""@mail the PennMUSH way: send to online and offline players, read, reply, forward, delete,
purge, folders, the quota, staff @mail/all, and the unread notice at login."""

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.game import mail

from ..harness import make_world

WHEN = "1970-01-12 13:46"  # the harness clock, 1,000,000 s after the epoch, in UTC
RULE = "-" * 78


def _connect(world, name, password="secret1"):
    guest = world.guest()
    return guest, guest.do(f"connect {name} {password}")


def test_mail_to_an_offline_player_waits_and_is_announced_at_login(world):
    guest = world.guest()
    guest.do("create Bob secret1")
    guest.do("QUIT")
    alice = world.login("Alice")
    assert alice.do("@mail Bob=Patrol/Meet at the docks at nine.") == ["You sent your message 'Patrol' to Bob."]
    bob, out = _connect(world, "Bob")
    assert out[-1] == "[Mail] You have 1 unread message. Type @mail to list them."
    assert bob.do("@mail") == [
        "-" * 32 + " Mail: inbox " + "-" * 33,
        "  #    From            Date              Subject",
        f"  1  U Alice           {WHEN}  Patrol",
        "1 message here, 1 unread. Mailbox: 1/50.",
    ]
    assert bob.do("@mail 1") == [
        RULE, f"Message 1 (inbox)   From: Alice   {WHEN}", "To: Bob", "Subject: Patrol", RULE,
        "Meet at the docks at nine.", RULE,
    ]
    assert bob.do("@mail")[2] == f"  1    Alice           {WHEN}  Patrol"
    bob.do("QUIT")
    _, out = _connect(world, "Bob")
    assert not any("[Mail]" in line for line in out)


def test_online_recipients_hear_of_new_mail_with_its_number(world):
    alice, bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    assert alice.do('@mail Bob, "Carol"=Hi/There') == ["You sent your message 'Hi' to Bob, Carol."]
    assert bob.lines == ["[Mail] You have new mail (#1) from Alice: Hi"]
    assert carol.lines == ["[Mail] You have new mail (#1) from Alice: Hi"]
    assert alice.do("@mail Bob=No subject here") == ["You sent your message '(no subject)' to Bob."]
    assert bob.lines[-1] == "[Mail] You have new mail (#2) from Alice: (no subject)"


def test_bad_recipients_and_text_are_refused_and_nothing_is_sent(world, alice):
    world.login("Bob")
    world.game.new_character("Thug", npc=True)
    assert alice.do("@mail Bob Zed=x/y") == ["There is no character called 'Zed'."]
    assert alice.do("@mail Thug=x/y") == ["Thug is an NPC and cannot read mail."]
    assert alice.do("@mail Bob=x/") == ["A message needs some text: @mail <name>=<subject>/<message>"]
    assert alice.do("@mail =x/y") == ["Usage: @mail <names>=<subject>/<message>"]
    assert alice.do(f"@mail Bob={'s' * 61}/y") == ["A subject may be at most 60 characters."]
    assert alice.do(f"@mail Bob=s/{'y' * 4001}") == ["A message may be at most 4000 characters."]
    assert world.store.all("mailbox") == {}


def test_a_full_mailbox_refuses_cleanly_and_the_others_still_get_it():
    world = make_world(mail_quota=2)
    alice, bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    alice.do("@mail Bob=1/one")
    alice.do("@mail Bob=2/two")
    stored = world.store.get("mailbox", str(bob.character.id))
    bob.clear()
    assert alice.do("@mail Bob=3/three") == ["The mailbox of Bob is full (2 messages): nothing was sent."]
    assert alice.do("@mail Bob Carol=4/four") == [
        "You sent your message '4' to Carol.",
        "The mailbox of Bob is full (2 messages), so they did not get it.",
    ]
    assert world.store.get("mailbox", str(bob.character.id)) == stored
    assert bob.lines == []
    assert carol.lines == ["[Mail] You have new mail (#1) from Alice: 4"]
    bob.do("@mail/delete 1")
    assert alice.do("@mail Bob=5/five") == ["The mailbox of Bob is full (2 messages): nothing was sent."]
    assert bob.do("@mail/purge") == ["1 deleted message purged."]
    assert alice.do("@mail Bob=5/five") == ["You sent your message '5' to Bob."]
    assert bob.do("@mail")[-1] == "2 messages here, 2 unread. Mailbox: 2/2."


def test_reply_replyall_and_forward(world):
    alice, bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    alice.do("@mail Bob Carol=Plan/Docks at nine.")
    assert bob.do("@mail/reply 1=I'll be there.") == ["You sent your message 'Re: Plan' to Alice."]
    assert carol.do("@mail/replyall 1=Me too.") == ["You sent your message 'Re: Plan' to Alice, Bob."]
    assert bob.do("@mail/fwd 2=Carol") == ["You sent your message 'Fwd: Re: Plan' to Carol."]
    read = carol.do("@mail 2")
    assert read[1] == f"Message 2 (inbox)   From: Bob   {WHEN}"
    assert read[5:7] == [f"---- Forwarded from Carol ({WHEN}) ----", "Me too."]
    assert alice.do("@mail/reply 9=x") == ["There is no message 9 in your inbox folder (it has 2)."]
    assert alice.do("@mail/reply 1") == ["Usage: @mail/reply <number>=<message>"]
    assert alice.do("@mail/fwd 1") == ["Usage: @mail/fwd <number>=<names>"]


def test_delete_undelete_unread_purge_and_lists(world):
    alice, bob = world.login("Alice"), world.login("Bob")
    for n in range(1, 5):
        alice.do(f"@mail Bob=m{n}/body {n}")
    assert bob.do("@mail/delete 1-2 4") == ["3 messages marked for deletion: @mail/purge removes them."]
    assert [line[5] for line in bob.do("@mail")[2:6]] == ["D", "D", "U", "D"]
    assert bob.do("@mail/undelete 2") == ["1 message undeleted."]
    assert bob.do("@mail unread")[3] == "Subject: m1"
    assert bob.do("@mail/unread 1") == ["1 message marked unread."]
    assert bob.do("@mail/purge") == ["2 deleted messages purged."]
    assert [line.split()[-1] for line in bob.do("@mail")[2:4]] == ["m2", "m3"]
    assert bob.do("@mail/purge") == ["No messages are marked for deletion."]
    assert bob.do("@mail 3-1") == ["There is no message 3-1 in your inbox folder (it has 2)."]
    assert bob.do("@mail x") == ["'x' is not a message number (try 3, 1-4, all or unread)."]
    assert bob.do("@mail/delete") == ["Usage: @mail/delete <list>"]
    assert bob.do("@mail/read/delete 1") == ["Use one @mail switch at a time."]


def test_folders_file_and_switch(world):
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("@mail Bob=a/1")
    alice.do("@mail Bob=b/2")
    assert bob.do("@mail/file 1=Cases") == ["1 message filed in cases."]
    assert bob.do("@mail/folder") == [
        "Folders:",
        "  cases              1 messages, 1 unread",
        "  inbox              1 messages, 1 unread  (current)",
    ]
    assert bob.do("@mail/folder cases") == ["Your current mail folder is now cases."]
    assert bob.do("@mail")[2] == f"  1  U Alice           {WHEN}  a"
    assert bob.do("@mail/file 1=9bad") == ["A folder name is 1-16 letters, digits, - or _, starting with a letter."]
    alice.do("@mail Bob=c/3")
    assert bob.lines[-1] == "[Mail] You have new mail (#2) from Alice: c"  # numbered in inbox


def test_mail_all_is_staff_only_and_reaches_every_player(world):
    alice, _bob = world.login("Alice"), world.login("Bob")
    gina = world.login("Gina", role=Role.STAFF)
    world.game.new_character("Thug", npc=True)
    assert alice.do("@mail/all News/Hi") == [PERMISSION_DENIED]
    assert world.store.all("mailbox") == {}
    assert gina.do("@mail/all News/The game opens Friday.") == ["You sent your message 'News' to Alice, Bob."]
    assert alice.lines[-1] == "[Mail] You have new mail (#1) from Gina: News"
    assert world.store.tail("staff", 1)[0].data["line"] == "@mail/all News/The game opens Friday."


def test_login_notice_counts_unread_only(world):
    alice, bob = world.login("Alice"), world.login("Bob")
    assert mail.login_notice(world.game, bob.character) == []
    alice.do("@mail Bob=a/1")
    alice.do("@mail Bob=b/2")
    assert mail.login_notice(world.game, bob.character) == [
        "|y[Mail]|n You have 2 unread messages. Type @mail to list them."]
    bob.do("@mail 1")
    assert mail.login_notice(world.game, bob.character) == [
        "|y[Mail]|n You have 1 unread message. Type @mail to list them."]


def test_one_sender_cannot_fill_another_players_mailbox():
    world = make_world(mail_quota=5, mail_unread_per_sender=2)
    alice, bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    alice.do("@mail Bob=1/one")
    alice.do("@mail Bob=2/two")
    stored = world.store.get("mailbox", str(bob.character.id))
    assert alice.do("@mail Bob=3/three") == [
        "Bob already has 2 unread messages from you (wait until they read some): nothing was sent."]
    assert alice.do("@mail Bob Carol=4/four") == [
        "You sent your message '4' to Carol.",
        "Bob already has 2 unread messages from you (wait until they read some), so they did not get it.",
    ]
    assert world.store.get("mailbox", str(bob.character.id)) == stored
    assert carol.do("@mail Bob=5/five") == ["You sent your message '5' to Bob."]
    bob.do("@mail 1")
    assert alice.do("@mail Bob=6/six") == ["You sent your message '6' to Bob."]


def test_staff_mail_and_mail_all_reach_a_full_mailbox():
    world = make_world(mail_quota=2)
    alice, bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    gina = world.login("Gina", role=Role.STAFF)
    alice.do("@mail Carol=1/one")
    bob.do("@mail Carol=2/two")
    assert bob.do("@mail Carol=3/three") == ["The mailbox of Carol is full (2 messages): nothing was sent."]
    assert gina.do("@mail Carol=Important/from staff") == ["You sent your message 'Important' to Carol."]
    assert gina.do("@mail/all News/The game opens Friday.") == ["You sent your message 'News' to Alice, Bob, Carol."]
    assert carol.do("@mail")[-1] == "4 messages here, 4 unread. Mailbox: 4/2."
