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


def _browser(profile):  # noqa: ANN001, ANN202
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
    def __init__(self, driver) -> None:  # noqa: ANN001
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
            assert [link.get_attribute("title") for link in links] == ["rules KNOCKBACK 2"]
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
