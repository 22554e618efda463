"""Bulletin boards the Myrddin way: +bbread, +bbpost, +bbnew, +bbscan, +bbcatchup, +bbreply,
+bbedit, +bbremove, staff +bbnewgroup/+bbconfig/+bbcleargroup, timeouts and login counts."""

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.game import boards

from ..harness import make_world

WHEN = "1970-01-12 13:46"


def _world():
    world = make_world()
    alice, bob = world.login("Alice"), world.login("Bob")
    gina = world.login("Gina", role=Role.STAFF)
    gina.do("+bbnewgroup Announcements=News from staff.")
    gina.do("+bbconfig ann/post=staff")
    gina.do("+bbnewgroup General")
    for s in (alice, bob, gina):
        s.clear()
    return world, alice, bob, gina


def test_a_post_is_announced_counted_unread_and_read():
    world, alice, bob, _gina = _world()
    assert alice.do("+bbpost gen/Patrol tonight=Meet at Hero Plaza at 9pm.") == [
        "You post 'Patrol tonight' on General as 2/1."]
    assert bob.lines == ["[Boards] New post on General (2/1) by Alice: Patrol tonight"]
    assert bob.do("+bbread") == [
        "  #  Board                          Posts  Unread  Last post",
        "  1  Announcements *                    0          -",
        f"  2  General                            1       1  {WHEN}",
        "* you may read but not post.",
        "+bbread <board> lists its posts.",
    ]
    assert boards.login_notice(world.game, bob.character) == [
        "|y[Boards]|n 1 unread post: General (1). +bbnew reads the next."]
    assert bob.do("+bbread 2") == [
        "-" * 33 + " 2: General " + "-" * 33,
        "#       Title                             Author            Date",
        f"2/1   U Patrol tonight                    Alice             {WHEN}",
    ]
    assert bob.do("+bbread gen/1") == [
        "=" * 78, "Board: General   Message: 2/1", "Title: Patrol tonight", f"Posted by Alice on {WHEN}",
        "-" * 78, "Meet at Hero Plaza at 9pm.", "=" * 78,
    ]
    assert bob.do("+bbscan") == ["You have no unread posts."]
    assert boards.login_notice(world.game, bob.character) == []
    assert boards.login_notice(world.game, alice.character) == []  # one's own posts are read


def test_bbnew_walks_the_unread_posts_and_catchup_clears_them():
    _, alice, bob, gina = _world()
    gina.do("+bbpost 1/Welcome=Read the rules.")
    alice.do("+bbpost 2/One=first")
    alice.do("+bbpost 2/Two=second")
    assert bob.do("+bbscan") == [
        "Unread posts:", "    1  Announcements                     1", "    2  General                           2",
        "+bbnew reads the next; +bbread <board>/u reads a board's unread posts."]
    assert bob.do("+bbnew")[2] == "Title: Welcome"
    assert bob.do("+bbnew")[2] == "Title: One"
    assert bob.do("+bbcatchup general") == ["General marked read."]
    assert bob.do("+bbnew") == ["You have no unread posts."]
    assert bob.do("+bbread 2/u") == ["You have read everything on General."]


def test_reply_edit_and_remove_own_posts_only_staff_any():
    _, alice, bob, gina = _world()
    alice.do("+bbpost 2/Patrol=Who is in?")
    assert bob.do("+bbreply 2/1=I'm in.") == ["You reply to 'Patrol' on General as 2/2."]
    assert alice.do("+bbread 2")[-1].startswith("2/2   U Re: Patrol")
    assert alice.do("+bbedit 2/2=in/out") == ["You may edit only your own posts."]
    assert alice.do("+bbremove 2/2") == ["You may remove only your own posts."]
    assert alice.do("+bbremove 2/u") == ["'u' is not a post number (try 3 or 1-4)."]
    assert bob.do("+bbedit 2/2=I'm/I am") == ["Post 2/2 edited."]
    assert bob.do("+bbread 2/2")[3:6] == [f"Posted by Bob on {WHEN}  (edited {WHEN})", "-" * 78, "I am in."]
    assert bob.do("+bbedit 2/2=zebra/x") == ["'zebra' is not in that post."]
    assert gina.do("+bbremove 2/2") == ["1 post removed from General."]
    assert alice.do("+bbread 2/2") == ["General has no post 2 (it has 1)."]


def test_roles_refuse_posting_and_hide_boards():
    world, alice, _bob, gina = _world()
    assert alice.do("+bbpost ann/Hi=there") == ["Only staff may post on Announcements."]
    assert gina.do("+bbconfig 2/read=staff") == ["General: read by staff and up."]
    assert alice.do("+bbread 2") == ["There is no board '2' you can read. +bbread lists them."]
    assert alice.do("+bbread")[1:] == ["  1  Announcements *                    0          -",
                                       "* you may read but not post.", "+bbread <board> lists its posts."]
    assert world.store.rows("board_post", "2") == []


def test_timeouts_expire_posts():
    world, alice, bob, gina = _world()
    alice.do("+bbpost 2/Old=news")
    assert gina.do("+bbconfig 2/timeout=1") == ["General: posts expire after 1 day."]
    world.clock.advance(86401)
    assert bob.do("+bbread 2") == ["-" * 33 + " 2: General " + "-" * 33,
                                   "#       Title                             Author            Date", "No posts yet."]
    alice.do("+bbpost 2/New=news")
    assert [r.data["title"] for r in world.store.rows("board_post", "2")] == ["New"]  # the expired row is gone
    assert alice.do("+bblist")[2] == "  2  General                   player  player  1 day"


def test_staff_commands_are_refused_to_players_and_check_their_arguments():
    world, alice, _bob, gina = _world()
    before = world.store.all("board")
    for line in ("+bbnewgroup Mine", "+bbconfig 2/read=admin", "+bbcleargroup 2"):
        assert alice.do(line) == [PERMISSION_DENIED]
    assert world.store.all("board") == before
    assert gina.do("+bbnewgroup general") == ["There is already a board called General."]
    assert gina.do("+bbconfig 2/read=god") == ["No role 'god': use player, staff or admin."]
    assert gina.do("+bbconfig 2/timeout=soon") == ["The timeout is a number of days (0: posts never expire)."]
    assert gina.do("+bbconfig 2/colour=red") == [
        "Usage: +bbconfig <board>/read=<role>", "       +bbconfig <board>/post=<role>",
        "       +bbconfig <board>/timeout=<days>", "       +bbconfig <board>/desc=<text>"]
    assert gina.do("+bbcleargroup ann") == ["Board Announcements and its 0 posts are gone."]
    assert gina.do("+bbread")[1].startswith("  1  General")


def test_bad_arguments_get_usage_lines():
    world, alice, _bob, _gina = _world()
    assert alice.do("+bbpost gen=no title") == ["Usage: +bbpost <board>/<title>=<text>"]
    assert alice.do("+bbpost gen/title=") == ["A post needs a title and some text."]
    assert alice.do(f"+bbpost gen/t={'x' * 8001}") == ["A post may be at most 8000 characters."]
    assert alice.do("+bbread zzz") == ["There is no board 'zzz' you can read. +bbread lists them."]
    assert alice.do("+bbread 2/x") == ["'x' is not a post number (try 3, 1-4 or u)."]
    assert alice.do("+bbreply 2/1") == ["Usage: +bbreply <board>/<number>=<text>"]
    assert alice.do("+bbcatchup") == ["Usage: +bbcatchup <board>|all"]
    assert world.store.all("bbread") == {}
