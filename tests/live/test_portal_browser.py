"""The web portal in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) driven by Selenium reads every page as a guest, a player and staff, uploads
a UTF-16 Hero Designer file through the page, and axe-core, injected into each page, finds no
serious or critical accessibility violation in the light theme or the dark one.

axe-core comes from the npm registry (``.ci/run`` unpacks ``axe-core`` into ``.ci/cache``, or
set ``AXE_CORE_JS`` to an ``axe.min.js``); the test skips, saying so, when it is missing. Set
``PORTAL_SCREENSHOTS=docs`` to keep a screenshot of each page (docs/portal-*.png are those).
"""

from __future__ import annotations

import codecs
import os
import shutil
from pathlib import Path

import pytest

from champions_mush import cli

from ..e2e.helpers import Server, free_port, wait_for_output

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).parents[2]
AXE = Path(os.environ.get("AXE_CORE_JS") or ROOT / ".ci" / "cache" / "axe-core" / "axe.min.js")
HDC = ROOT / "tests" / "game" / "data" / "hdc"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1200,900")
#: The pages, and who reads each (guest, alice, gina).
PAGES = [("portal", "guest", "/portal"), ("who", "guest", "/who"), ("characters", "guest", "/characters"),
         ("character", "guest", "/characters/alice"), ("rules", "guest", "/rules/killing%20damage"),
         ("help", "guest", "/help/%2Bsheet"), ("boards", "guest", "/boards"), ("login", "guest", "/login"),
         ("teams", "guest", "/teams"), ("team", "guest", "/teams/Titans"), ("events", "guest", "/events"),
         ("scenes", "alice", "/scenes"), ("scene", "alice", "/scenes/1"), ("account", "alice", "/account"),
         ("approvals", "gina", "/approvals")]


def _browser(profile):
    webdriver = pytest.importorskip("selenium.webdriver", reason="the browser test needs selenium")
    from selenium.webdriver.chrome.service import Service

    if not (CHROMIUM and DRIVER):
        pytest.skip("the browser test needs Debian's chromium and chromium-driver installed")
    if not AXE.exists():
        pytest.skip(f"axe-core is not at {AXE} (npm unavailable?): the accessibility check cannot run")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def _axe(driver) -> list[str]:
    """The serious and critical violations axe-core finds on the page (rule: first target)."""
    driver.execute_script(AXE.read_text("utf-8"))
    driver.set_script_timeout(60)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done(String(e)));")
    assert isinstance(found, list), found
    return [f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}" for v in found
            if v["impact"] in ("serious", "critical")]


def _theme(driver, dark: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def _log_in(driver, base: str, name: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(f"{base}/login")
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "password").send_keys("secret1")
    _submit(driver, driver.find_element(By.CSS_SELECTOR, "main form button"))
    assert f"Welcome, {name}. You are logged in." in driver.find_element(By.TAG_NAME, "main").text


def _fill(server: Server, tmp_path: Path) -> None:
    """Alice (a UTF-16 file uploaded below), a scene of hers, a board anyone reads, a team, an
    event, and Bob's unbalanced sheet waiting for approval."""
    gina = server.login("Gina", create=False)
    alice = server.login("Alice")
    alice.do("+finger/set alias=The Everything Lad", "Alias set.")
    alice.do("+finger/set quote=Whatever it takes.", "Quote set.")
    alice.do("+scene/start Rooftop chase", "Rooftop chase")
    alice.do("pose leaps the gap between the towers.", "Alice leaps the gap")
    alice.do("+scene/stop", "stops scene 1")
    gina.do("+bbnewgroup Announcements=News from staff.", "Board Announcements made")
    gina.do("+bbconfig Announcements/read=guest", "read by guest and up")
    gina.do("+bbpost Announcements/Game night=Friday at 8 pm UTC: a bank job downtown.", "You post 'Game night'")
    gina.do("+team/create Titans=Alice", "Team Titans made")
    alice.do("+event/create Bank job downtown=2031-06-06 20:00/Bring a mask.", "Event 1 made")
    bob = server.login("Bob")  # a sheet that does not balance, for staff to approve anyway
    bob.do("+stat STR=20", "STR")
    bob.do("+sheet/submit", "approval queue")


def _submit(driver, button) -> None:
    """Click a form's button and wait for the page it brings."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    def gone(_driver: object) -> bool:
        try:
            button.is_enabled()
        except WebDriverException:  # stale, or Chromium's "does not belong to the document": the page went
            return True
        return False

    button.click()
    WebDriverWait(driver, 30).until(gone)


def _share_and_force(drivers, base: str, server: Server) -> None:
    """Alice shares her scene from her account page and a guest reads it; Gina approves Bob's
    unbalanced sheet anyway, with a reason."""
    from selenium.webdriver.common.by import By

    alice, guest, gina = drivers["alice"], drivers["guest"], drivers["gina"]
    guest.get(f"{base}/scenes/1")
    assert guest.find_element(By.TAG_NAME, "h1").text == "Not for you"
    alice.get(f"{base}/account")
    _submit(alice, alice.find_element(By.XPATH, "//button[text()='Share scene 1']"))
    assert "Scene 1 is shared: anyone may read it" in alice.find_element(By.CSS_SELECTOR, "[role=status]").text
    guest.get(f"{base}/scenes/1")
    assert guest.find_element(By.TAG_NAME, "h1").text == "Scene 1: Rooftop chase"
    gina.get(f"{base}/approvals")
    gina.find_element(By.ID, "reason-1").send_keys("Starting hero: XP to come")
    _submit(gina, gina.find_element(By.XPATH, "//button[text()='Approve Bob anyway']"))
    assert gina.find_element(By.CSS_SELECTOR, "[role=status]").text == (
        "Bob's sheet is approved anyway (Starting hero: XP to come).")


def test_every_page_in_a_browser_with_axe_core(tmp_path):
    from selenium.webdriver.common.by import By

    web_port = free_port()
    data = tmp_path / "game"
    data.mkdir()
    assert cli.main(["create-admin", "Gina", "--password", "secret1", "--data-dir", str(data)]) == 0
    config = f"password_cost: 1024\nweb_port: {web_port}\ncommand_rate: 0\nconnects_per_minute: 0\n"
    with Server(data, config=config) as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
        _fill(server, tmp_path)
        base = f"http://127.0.0.1:{web_port}"
        drivers = {who: _browser(tmp_path / who) for who in ("guest", "alice", "gina")}
        try:
            _log_in(drivers["alice"], base, "Alice")
            _log_in(drivers["gina"], base, "Gina")
            upload = tmp_path / "everything_lad_5e.hdc"
            text = (HDC / "everything_lad_5e.hdc").read_text("utf-8")
            upload.write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
            alice = drivers["alice"]
            alice.get(f"{base}/account")
            alice.find_element(By.ID, "file").send_keys(str(upload))
            _submit(alice, alice.find_element(By.CSS_SELECTOR, "form[action='/account/upload'] button"))
            said = alice.find_element(By.CSS_SELECTOR, "[role=status]").text
            assert said.startswith("Reading your Hero Designer file ...\nImported 'Everything Lad (5e)' from Hero "
                                   "Designer: "), said  # priced as a paste (tests/portal/test_logins.py)
            server.clients[1].do("+sheet/submit", "approval queue")
            gina = drivers["gina"]
            gina.get(f"{base}/approvals")
            assert "Points do not balance: " in gina.find_element(By.TAG_NAME, "main").text
            server.clients[0].do("+approve/force Alice", "Alice's sheet is approved.")
            shots = os.environ.get("PORTAL_SCREENSHOTS")
            problems = {}
            for name, who, path in PAGES:
                driver = drivers[who]
                driver.get(base + path)
                assert driver.find_element(By.TAG_NAME, "h1").text, path
                for dark in (False, True):
                    _theme(driver, dark)
                    found = _axe(driver)
                    if found:
                        problems[f"{path} ({'dark' if dark else 'light'})"] = found
                if shots:
                    _theme(driver, False)
                    driver.set_window_size(1200, 900)
                    driver.save_screenshot(str(Path(shots) / f"portal-{name}.png"))
                    if name == "account":  # the scenes to share, further down
                        driver.execute_script("document.getElementById('your-scenes').scrollIntoView()")
                        driver.save_screenshot(str(Path(shots) / "portal-account-scenes.png"))
                    if name == "character":  # the powers, with a framework's slots below it
                        driver.execute_script("document.getElementById('section-powers').scrollIntoView()")
                        driver.save_screenshot(str(Path(shots) / "portal-character-powers.png"))
            assert problems == {}
            _share_and_force(drivers, base, server)
            guest = drivers["guest"]
            guest.get(f"{base}/characters/Alice")
            rows = guest.find_elements(By.CSS_SELECTOR, "#characteristics tbody tr")
            assert [r.text for r in rows[:2]] == ["STR 10 0 11-", "DEX 10 0 11-"]
            if shots:
                guest.set_window_size(390, 844)  # a phone
                _theme(guest, True)
                guest.get(f"{base}/characters/Alice")
                guest.save_screenshot(str(Path(shots) / "portal-character-phone-dark.png"))
        finally:
            for driver in drivers.values():
                driver.quit()
