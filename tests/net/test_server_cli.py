"""The command line: create-admin, config errors, the seeded data directory."""

from champions_mush import cli
from champions_mush.commands.login import DEFAULT_CONNECT_SCREEN
from champions_mush.game.accounts import verify_password
from champions_mush.store.sqlite import SqliteStore


def cli_default_screen() -> str:
    return DEFAULT_CONNECT_SCREEN.read_text()


def _characters(data_dir):
    store = SqliteStore(data_dir / cli.DB_FILE)
    try:
        return {doc["name"]: doc for doc in store.all("character").values()}
    finally:
        store.close()


def test_create_admin_makes_then_promotes(tmp_path, capsys):
    (tmp_path / "config.yaml").write_text("password_cost: 16\n")
    assert cli.main(["create-admin", "Ada", "--password", "admin123", "--data-dir", str(tmp_path)]) == 0
    ada = _characters(tmp_path)["Ada"]
    assert ada["role"] == 3 and verify_password("admin123", ada["password_hash"])
    assert ada["settings"]["channels"]["pub"]["channel"] == "Public"
    assert capsys.readouterr().out == f"Created admin Ada (#{ada['id']}).\n"
    assert cli.main(["create-admin", "ada", "--password", "other123", "--data-dir", str(tmp_path)]) == 0
    assert verify_password("other123", _characters(tmp_path)["Ada"]["password_hash"])
    assert (tmp_path / "connect.txt").read_text() == cli_default_screen()
    assert "# port: 4201" in (tmp_path / "config.example.yaml").read_text()


def test_create_admin_refuses_bad_names_and_passwords(tmp_path, capsys):
    assert cli.main(["create-admin", "Ada", "--password", "x", "--data-dir", str(tmp_path)]) == 1
    assert cli.main(["create-admin", "9", "--password", "admin123", "--data-dir", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        "Passwords need at least 4 characters.\n"
        "Names are 2-30 letters and digits, starting with a letter; words are joined by one space or one hyphen.\n")
    assert _characters(tmp_path) == {}


def test_create_admin_prompts_when_no_password_is_given(tmp_path, monkeypatch):
    (tmp_path / "config.yaml").write_text("password_cost: 16\n")
    answers = iter(["typed123", "typed123"])
    monkeypatch.setattr(cli.getpass, "getpass", lambda prompt: next(answers))
    monkeypatch.setattr(cli, "_can_ask", lambda: True)
    assert cli.main(["create-admin", "Ada", "--data-dir", str(tmp_path)]) == 0
    assert verify_password("typed123", _characters(tmp_path)["Ada"]["password_hash"])


def test_serve_refuses_a_bad_config_with_one_line(tmp_path, capsys):
    (tmp_path / "bad.yaml").write_text("colour: yes\n")
    assert cli.main(["serve", "--data-dir", str(tmp_path), "--config", str(tmp_path / "bad.yaml")]) == 2
    assert capsys.readouterr().err == (
        f"champions-mush: {tmp_path / 'bad.yaml'}: unknown setting 'colour' (see docs/admin-guide.md)\n")
