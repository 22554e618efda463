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


@pytest.mark.parametrize(("text", "message"), [
    ("prot: 1\n", "unknown setting 'prot'"),
    ("port: abc\n", "'port' must be a number"),
    ("offer_mccp: 1\n", "'offer_mccp' must be true or false"),
    ("idle_timeout: -5\n", "'idle_timeout' cannot be negative"),
    ("ruleset: chess\n", "'ruleset' must be in"),
    ("- a\n- b\n", "must be a mapping"),
    ("port: [\n", "is not valid YAML"),
])
def test_bad_files_name_the_problem(tmp_path, text, message):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message.replace("[", r"\[")):
        load_config(path)


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
