"""The YAML config file: defaults, overrides, and errors that name the setting."""

import pytest
import yaml

from champions_mush.configfile import ConfigError, ServerConfig, default_config_text, load_config
from champions_mush.game.config import GameConfig


def test_no_file_means_every_default():
    assert load_config(None) == (ServerConfig(), GameConfig())


def test_file_values_and_command_line_overrides(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("port: 5000\ncommand_rate: 0\nname: Test City\nruleset: ptb\n")
    server, game = load_config(path, port=6000, host=None)
    assert (server.port, game.command_rate, game.name, game.ruleset) == (6000, 0.0, "Test City", "ptb")


def _refused(tmp_path, data: bytes):
    """The config file ``data`` is refused: its path and the one-line error."""
    path = tmp_path / "c.yaml"
    path.write_bytes(data)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    return path, str(caught.value)


@pytest.mark.parametrize(("text", "message"), [
    ("prot: 1\n", ": unknown setting 'prot' (see docs/admin-guide.md)"),
    ("port: abc\n", ": 'port' must be a whole number from 0 to 65,535, not 'abc'"),
    ("port: 4810.7\n", ": 'port' must be a whole number from 0 to 65,535, not 4810.7"),
    ("port: .inf\n", ": 'port' must be a whole number from 0 to 65,535, not inf"),
    ("port: 70000\n", ": 'port' must be a whole number from 0 to 65,535, not 70000"),
    ("offer_mccp: 1\n", ": 'offer_mccp' must be true or false, not 1"),
    ("idle_timeout: -5\n", ": 'idle_timeout' must be a number from 0 to 31,536,000, not -5"),
    ("command_rate: .nan\n", ": 'command_rate' must be a number from 0 to 100,000, not nan"),
    ("command_burst: -.inf\n", ": 'command_burst' must be a number from 1 to 1,000,000, not -inf"),
    ("password_cost: 3\n", ": 'password_cost' must be a power of two from 8 to 65,536, not 3"),
    ("password_cost: 4\n", ": 'password_cost' must be a power of two from 8 to 65,536, not 4"),
    ("password_cost: 131072\n", ": 'password_cost' must be a power of two from 8 to 65,536, not 131072"),
    ("log_level: LOUD\n", ": 'log_level' must be one of DEBUG, INFO, WARNING, ERROR, not 'LOUD'"),
    ("ruleset: chess\n", ": 'ruleset' must be one of champions, ptb, animouch, not 'chess'"),
    ("name: ''\n", ": 'name' must be 1 to 60 characters long"),
    ("host: [1, 2]\n", ": 'host' must be text, not [1, 2]"),
    ("max_line_length: 1e400\n", ": 'max_line_length' must be a whole number from 80 to 1,000,000, not '1e400'"),
    ("- a\n- b\n", ": the config file must be a mapping of setting: value"),
    ("port: [\n", " is not valid YAML: expected the node content, but found '<stream end>' (line 2, column 1)"),
    ("a: b: c\n", " is not valid YAML: mapping values are not allowed here (line 1, column 5)"),
    ("? [a]\n: 1\n", " is not valid YAML: found unhashable key (line 1, column 3)"),
])
def test_a_bad_file_is_refused_in_one_line_naming_it_and_the_setting_or_place(tmp_path, text, message):
    path, error = _refused(tmp_path, text.encode())
    assert error == f"{path}{message}"


def test_a_file_that_is_not_utf8_is_named_with_the_byte(tmp_path):
    path, error = _refused(tmp_path, b"name: Caf\xe9 City\n")
    assert error == f"{path} is not UTF-8 text (byte 0xe9 at offset 9)"


def test_a_bad_command_line_value_names_the_option():
    with pytest.raises(ConfigError) as caught:
        load_config(None, port=-5)
    assert str(caught.value) == "--port must be a whole number from 0 to 65,535, not -5"


def test_choices_take_any_case_and_keep_the_games_spelling(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("sqlite_synchronous: normal\nlog_level: debug\nruleset: PTB\n")
    server, game = load_config(path)
    assert (server.sqlite_synchronous, server.log_level, game.ruleset) == ("NORMAL", "DEBUG", "ptb")


def test_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="Cannot read the config file"):
        load_config(tmp_path / "nope.yaml")


def test_default_text_uncommented_is_the_defaults(tmp_path):
    text = default_config_text()
    uncommented = "\n".join(line[2:] for line in text.splitlines() if line.startswith("# ") and ": " in line
                            and not line[2:].startswith(("champions", "address")) and line[2:].split(":")[0].isidentifier())
    values = yaml.safe_load(uncommented)
    import attrs

    assert set(values) == {f.name for cls in (ServerConfig, GameConfig) for f in attrs.fields(cls)}
    path = tmp_path / "c.yaml"
    path.write_text(uncommented)
    assert load_config(path) == (ServerConfig(), GameConfig())


def test_the_admin_guide_lists_every_setting_with_its_allowed_values():
    import re
    from pathlib import Path

    import attrs

    guide = (Path(__file__).resolve().parents[2] / "docs" / "admin-guide.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| [^|]+ \| ([^|]+?) \| ", guide, flags=re.MULTILINE))
    for cls in (ServerConfig, GameConfig):
        for field in attrs.fields(cls):
            assert rows.get(field.name) == field.metadata["check"].describe(), field.name
