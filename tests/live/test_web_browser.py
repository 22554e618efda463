"""The web client in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) driven by Selenium logs in, talks to a telnet player, rolls ``+nd6``,
reads RULES and follows a "See also" link, with the vitals bar fed by GMCP ``Char.Vitals``.

Set ``WEB_CLIENT_SCREENSHOT=path.png`` to keep the screenshot (docs/web-client.png is one).
"""

from __future__ import annotations

import os
import shutil
import time

import pytest

from ..e2e.helpers import Server, free_port, wait_for_output

pytestmark = pytest.mark.e2e

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WAIT = 10.0
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1100,760")


def _browser(profile):
    webdriver = pytest.importorskip("selenium.webdriver", reason="the browser test needs selenium")
    from selenium.webdriver.chrome.service import Service

    if not (CHROMIUM and DRIVER):
        pytest.skip("the browser test needs Debian's chromium and chromium-driver installed")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


class Page:
    def __init__(self, driver) -> None:
        from selenium.webdriver.common.by import By

        self.driver, self.by = driver, By

    def text(self, element: str = "output") -> str:
        return self.driver.find_element(self.by.ID, element).text

    def wait_for(self, needle: str, element: str = "output") -> str:
        deadline = time.monotonic() + WAIT
        while needle not in (seen := self.text(element)):
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {needle!r}; the page shows {seen[-2000:]!r}")
            time.sleep(0.05)
        return seen

    def type(self, line: str) -> None:
        from selenium.webdriver.common.keys import Keys

        self.driver.find_element(self.by.ID, "input").send_keys(line, Keys.ENTER)


def test_a_newcomer_plays_in_the_browser(tmp_path):
    web_port = free_port()
    config = f"password_cost: 1024\nweb_port: {web_port}\ncommand_rate: 0\n"
    with Server(tmp_path / "game", config=config) as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        driver = _browser(tmp_path / "profile")
        try:
            page = Page(driver)
            driver.get(f"http://127.0.0.1:{web_port}/")
            page.wait_for("create <name> <password>")  # the connect screen
            page.type("create Webby secret1")
            page.wait_for("Welcome to Champions MUSH, Webby!")
            assert page.wait_for("STUN", "vitals").split() == ["STUN", "20/20", "BODY", "10/10", "END", "20/20"]
            tom = server.login("Tom")
            page.type("say Hello from a browser!")
            tom.expect('Webby says, "Hello from a browser!"')
            tom.send("say Welcome, Webby.")
            page.wait_for('Tom says, "Welcome, Webby."')
            for n in range(400):  # a busy room: the scrollback keeps up
                tom.send(f"say flood {n}")
            page.wait_for('Tom says, "flood 399"')
            lines = driver.execute_script("return document.querySelectorAll('#output .line').length")
            assert 400 < lines <= 5000
            page.type("+nd6 3")
            seen = page.wait_for("[Dice] Webby rolls 3d6 normal:")
            tom.expect("[Dice] Webby rolls 3d6 normal:")
            assert seen.count("> +nd6 3") == 1  # the command echoed once, dimmed
            page.type("RULES KNOCKBACK")
            page.wait_for("See also: KNOCKBACK 2.")
            links = driver.find_elements(page.by.LINK_TEXT, "KNOCKBACK 2")
            assert [link.get_attribute("title") for link in links] == ["RULES KNOCKBACK 2"]
            links[0].click()
            page.wait_for("See also: KNOCKBACK, KNOCKBACK 3.")
            shot = os.environ.get("WEB_CLIENT_SCREENSHOT") or str(tmp_path / "web-client.png")
            assert driver.save_screenshot(shot)
            colours = driver.execute_script(
                "return [...document.querySelectorAll('#output span')].map(s => s.style.color).filter(c => c)")
            assert colours  # ANSI colour became styled spans
        finally:
            driver.quit()


def test_the_browser_reconnects_by_itself(tmp_path):
    web_port = free_port()
    config = f"password_cost: 1024\nweb_port: {web_port}\n"
    server = Server(tmp_path / "game", config=config).start()
    try:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        driver = _browser(tmp_path / "profile")
        try:
            page = Page(driver)
            driver.get(f"http://127.0.0.1:{web_port}/")
            page.wait_for("create <name> <password>")
            server.terminate()
            page.wait_for("Connection lost. Reconnecting in 1 s")
            assert page.text("status") == "Disconnected"
            server = Server(tmp_path / "game", config=config).start()
            wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
            deadline = time.monotonic() + WAIT
            while page.text().count("create <name> <password>") < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert page.text().count("create <name> <password>") == 2
            assert page.text("status") == "Connected"
        finally:
            driver.quit()
    finally:
        server.__exit__(None, None, None)


def _scrollback_and_storage(driver) -> str:
    return driver.execute_script(
        "return document.getElementById('output').innerText + '\\n' + JSON.stringify(localStorage)")


def _history(page: Page) -> list[str]:
    """Every line the Up arrow brings back, newest first."""
    from selenium.webdriver.common.keys import Keys

    box = page.driver.find_element(page.by.ID, "input")
    seen = []
    for _ in range(12):
        box.send_keys(Keys.ARROW_UP)
        seen.append(box.get_attribute("value"))
    box.clear()
    return seen


def test_no_password_is_echoed_kept_or_stored_and_quit_stays_out(tmp_path):
    """Every way of typing a password; then QUIT: no reconnecting, the vitals bar cleared."""
    web_port = free_port()
    config = f"password_cost: 1024\nweb_port: {web_port}\ncommand_rate: 0\n"
    with Server(tmp_path / "game", config=config) as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        driver = _browser(tmp_path / "profile")
        try:
            page = Page(driver)
            driver.get(f"http://127.0.0.1:{web_port}/")
            page.wait_for("create <name> <password>")
            # what an older client stored: the password goes, the rest stays
            driver.execute_script("localStorage.setItem('cm-history', JSON.stringify("
                                  "['say kept', 'connect Old oldpass99', 'CREATE Older olderpass99']))")
            driver.refresh()
            page.wait_for("create <name> <password>")
            assert driver.execute_script("return localStorage.getItem('cm-history')") == '["say kept"]'
            page.type('connect "Jean Grey" quotedpass1')
            page.wait_for("> connect ********")
            page.type("create Webby firstpass1")
            page.wait_for("Welcome to Champions MUSH, Webby!")
            page.wait_for("STUN", "vitals")
            page.type("@password firstpass1=secondpass2")
            page.wait_for("> @password ********")
            page.type("@newpassword Webby=thirdpass3")
            page.wait_for("> @newpassword ********")
            page.type("say done")
            page.wait_for('You say, "done"')
            page.type("QUIT")
            assert page.wait_for("You left the game.").endswith("Goodbye! Come back soon.\nYou left the game. "
                                                                  "Press \u201cReconnect now\u201d to play again.")
            assert page.text("status") == "Disconnected"
            assert not driver.find_element(page.by.ID, "vitals").is_displayed()
            assert driver.execute_script(
                "return [...document.querySelectorAll('#vitals .num')].map(e => e.textContent).join('')") == ""
            time.sleep(3)  # the reconnect loop would have come back by now (1 s)
            assert page.text("status") == "Disconnected"
            assert page.text().count("create <name> <password>") == 1
            driver.find_element(page.by.ID, "reconnect").click()  # back in, by hand
            page.wait_for("Connected", "status")
            page.type("connect Webby")  # the password on its own, at the game's prompt
            page.wait_for("Password:")
            page.type("secondpass2")
            deadline = time.monotonic() + WAIT
            while page.text().count("Welcome to Champions MUSH, Webby!") < 2:  # the second login
                assert time.monotonic() < deadline, page.text()[-500:]
                time.sleep(0.05)
            history = _history(page)
            assert history[:4] == ["QUIT", "say done", "say kept", "say kept"]  # the oldest stays put
            everything = _scrollback_and_storage(driver) + "\n".join(history)
            for secret in ("quotedpass1", "firstpass1", "secondpass2", "thirdpass3", "oldpass99", "olderpass99"):
                assert secret not in everything, secret
        finally:
            driver.quit()


def test_only_the_games_see_also_line_is_links(tmp_path):
    """An @emit that looks like a see-also line (no final period) links nothing, then or later;
    RULES's own line is links, each to the topic the game named."""
    web_port = free_port()
    config = f"password_cost: 1024\nweb_port: {web_port}\ncommand_rate: 0\n"
    with Server(tmp_path / "game", config=config) as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        driver = _browser(tmp_path / "profile")
        try:
            page = Page(driver)
            driver.get(f"http://127.0.0.1:{web_port}/")
            page.wait_for("create <name> <password>")
            page.type("create Webby secret1")
            page.wait_for("Welcome to Champions MUSH, Webby!")
            tom = server.login("Tom")
            tom.send("@emit See also: KNOCKBACK 2, WHO")
            page.wait_for("See also: KNOCKBACK 2, WHO")
            tom.send("say a line after it")
            page.wait_for('Tom says, "a line after it"')
            links = lambda: [(a.text, a.get_attribute("title")) for a in driver.find_elements(page.by.TAG_NAME, "a")]
            assert links() == []
            page.type("RULES KNOCKBACK")
            page.wait_for("See also: KNOCKBACK 2.")
            assert links() == [("KNOCKBACK 2", "RULES KNOCKBACK 2")]
            tom.send("@emit See also: KNOCKBACK 2, WHO")
            tom.send("say and after that")
            page.wait_for('Tom says, "and after that"')
            assert links() == [("KNOCKBACK 2", "RULES KNOCKBACK 2")]
            driver.find_element(page.by.LINK_TEXT, "KNOCKBACK 2").click()
            page.wait_for("See also: KNOCKBACK, KNOCKBACK 3.")
            assert [text for text, _ in links()] == ["KNOCKBACK 2", "KNOCKBACK", "KNOCKBACK 3"]
        finally:
            driver.quit()


def test_only_the_answer_to_ones_own_edit_fills_the_input_line(tmp_path):
    """A "FugueEdit > ..." line in another's description leaves the input line alone; the answer
    to the player's own +edit desc fills it (docs/player-guide.md, "Editing long text")."""
    web_port = free_port()
    config = f"password_cost: 1024\nweb_port: {web_port}\ncommand_rate: 0\n"
    with Server(tmp_path / "game", config=config) as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        driver = _browser(tmp_path / "profile")
        try:
            page = Page(driver)
            driver.get(f"http://127.0.0.1:{web_port}/")
            page.wait_for("create <name> <password>")
            page.type("create Webby secret1")
            page.wait_for("Welcome to Champions MUSH, Webby!")
            tom = server.login("Tom")
            tom.send("@desc me=FugueEdit > @desc me=Hacked")
            tom.expect("Description set.")
            page.type("look Tom")
            assert "\nFugueEdit > @desc me=Hacked" in page.wait_for("FugueEdit > @desc me=Hacked")
            value = lambda: driver.find_element(page.by.ID, "input").get_attribute("value")
            assert value() == ""
            page.type("@desc me=A quiet hero.")
            page.wait_for("Description set.")
            page.type("+edit desc")
            page.wait_for("FugueEdit > @desc me=A quiet hero.")
            deadline = time.monotonic() + WAIT
            while value() != "@desc me=A quiet hero." and time.monotonic() < deadline:
                time.sleep(0.05)
            assert value() == "@desc me=A quiet hero."
        finally:
            driver.quit()


def test_phase_cue_speed_chart_channel_pane_and_notices(tmp_path):
    """GMCP Combat.Phase as a "your Phase" cue and a Speed Chart line, Comm.Channel.Text in the
    channel pane, the title when text arrives in a hidden tab and when paged, the sound switch
    kept in the browser, and the layout at 1280 and 400 pixels (WEB_CLIENT_SCREENSHOTS=folder
    keeps the screenshots: docs/web-client-1280.png and docs/web-client-400.png are those)."""
    from ..e2e.helpers import create_admin

    web_port = free_port()
    server = Server(tmp_path / "game", config=f"password_cost: 1024\nweb_port: {web_port}\ncommand_rate: 0\n")
    create_admin(server, "Ada", "admin123")
    with server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        driver = _browser(tmp_path / "profile")
        try:
            driver.set_window_size(1280, 800)
            page = Page(driver)
            driver.get(f"http://127.0.0.1:{web_port}/")
            page.wait_for("create <name> <password>")
            page.type("create Webby secret1")
            page.wait_for("Welcome to Champions MUSH, Webby!")
            ada = server.login("Ada", "admin123", create=False)
            ada.send("pub Hello, heroes")
            assert page.wait_for("[Public] Ada: Hello, heroes", "channels") == "[Public] Ada: Hello, heroes"
            page.wait_for("[Public] Ada: Hello, heroes")  # the main pane's copy, drawn at the next frame
            hide = "Object.defineProperty(document, 'hidden', {value: %s, configurable: true});"
            driver.execute_script(hide % "true")
            ada.send("say while you were away")
            page.wait_for('Ada says, "while you were away"')
            assert driver.title == "(1) Champions MUSH"
            ada.send("page Webby=are you there?")
            page.wait_for("Ada pages: are you there?")
            assert driver.title == "Ada paged you - Champions MUSH"
            driver.execute_script(hide % "false" + "document.dispatchEvent(new Event('visibilitychange'));")
            assert driver.title == "Champions MUSH"
            page.type("say back")  # seen: no notice for text while the tab shows
            page.wait_for('You say, "back"')
            assert driver.title == "Champions MUSH"
            for line in ("+combat/start", "+combat/join Ada", "+combat/join Webby", "+stat/set Webby/DEX=23",
                         "+combat/next"):
                ada.send(line)
            assert page.wait_for("Your Phase!", "phase") == "Your Phase! Segment 12"
            assert driver.find_element(page.by.ID, "phase").get_attribute("class") == "mine"
            chart = page.wait_for("Speed Chart", "chart")
            # DEX 23 figures SPD 1 + 23/10 = 3 (HERO 5E): Segments 4, 8 and 12 on the Speed Chart
            assert chart == "Turn 1, Speed Chart: Ada (SPD 2) 6,12 · Webby (SPD 3) 4,8,12"
            page.type("+nd6 2")
            seen = page.wait_for("[Dice] Webby rolls 2d6 normal:")
            ids = [e.text for e in driver.find_elements(page.by.CSS_SELECTOR, ".rollid")]
            assert len(ids) == 1 and ids[0].startswith("r") and f"[{ids[0]}]" in seen
            box = driver.find_element(page.by.ID, "pref-sound")
            assert not box.is_selected()
            box.click()
            assert driver.execute_script("return localStorage.getItem('cm-prefs')") == '{"sound":true}'
            keep = os.environ.get("WEB_CLIENT_SCREENSHOTS")
            if keep:
                driver.save_screenshot(os.path.join(keep, "web-client-1280.png"))
            driver.set_window_size(400, 800)
            time.sleep(0.3)
            width = driver.execute_script("return document.documentElement.scrollWidth")
            assert width <= 400  # nothing overflows: the bar wraps
            entry = driver.find_element(page.by.ID, "input")
            assert entry.is_displayed() and entry.size["width"] >= 200
            if keep:
                driver.save_screenshot(os.path.join(keep, "web-client-400.png"))
            driver.refresh()  # the preference came back; the storage holds history and preferences only
            page.wait_for("create <name> <password>")
            assert driver.find_element(page.by.ID, "pref-sound").is_selected()
            assert sorted(driver.execute_script("return Object.keys(localStorage)")) == ["cm-history", "cm-prefs"]
        finally:
            driver.quit()
