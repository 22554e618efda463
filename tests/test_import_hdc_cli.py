"""``champions-mush import-hdc``: a character or NPC made from a file, a re-import of an approved
character left waiting for approval, a bad file refused with nothing made."""

import os
from pathlib import Path

import attrs
import pytest

from champions_mush.cli import main
from champions_mush.configfile import load_config
from champions_mush.game.hero import get_hero
from champions_mush.game.sheets import get_sheet, save_sheet
from champions_mush.opening import open_game

DATA = Path(__file__).parent / "game" / "data" / "hdc"


@pytest.fixture(autouse=True)
def _keep_umask():
    old = os.umask(0o022)
    os.umask(old)
    yield
    os.umask(old)


def _game(data_dir):
    server, config = load_config(None)
    return open_game(data_dir, config, server)


def _run(capsys, *argv):
    code = main(["import-hdc", *argv])
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err.strip()


def test_import_makes_the_character_when_there_is_none(tmp_path, capsys):
    code, out, err = _run(capsys, str(DATA / "characteristics_5e_simple.hdc"), "--character", "Kestrel",
                          "--data-dir", str(tmp_path))
    assert (code, err) == (0, "")
    assert out[0].startswith("Created character Kestrel (#")
    assert out[1] == "Imported '5e superhero simple' onto Kestrel: 0 items, 162 points spent of 200."
    store, game = _game(tmp_path)
    try:
        kestrel = game.find_character("Kestrel")
        assert not kestrel.npc and kestrel.password_hash == ""
        assert get_hero(game, kestrel).spent == 162
    finally:
        store.close()


def test_import_makes_an_npc_with_npc(tmp_path, capsys):
    code, out, _ = _run(capsys, str(DATA / "everything_lad_5e.hdc"), "--character", "Doctor Zed", "--npc",
                        "--data-dir", str(tmp_path))
    assert code == 0
    assert out[0].startswith("Created NPC Doctor Zed (#")
    assert out[1].startswith("Imported 'Everything Lad (5e)' onto Doctor Zed: 234 items,")
    assert len(out) == 2  # nothing priced from the file's own figures
    store, game = _game(tmp_path)
    try:
        assert game.find_character("Doctor Zed").npc
    finally:
        store.close()


def test_a_bad_file_makes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.hdc"
    bad.write_bytes(b"\x80\x81 not a file")
    code, out, err = _run(capsys, str(bad), "--character", "Kestrel", "--data-dir", str(tmp_path / "game"))
    assert (code, out) == (1, [])
    assert err.startswith("champions-mush: That file is neither UTF-16 (Hero Designer's own encoding")
    assert not (tmp_path / "game").exists() or _no_character(tmp_path / "game", "Kestrel")


def _no_character(data_dir, name):
    store, game = _game(data_dir)
    try:
        return game.find_character(name) is None
    finally:
        store.close()


def test_reimporting_an_approved_character_waits_for_approval(tmp_path, capsys):
    path = str(DATA / "characteristics_5e_simple.hdc")
    _run(capsys, path, "--character", "Kestrel", "--data-dir", str(tmp_path))
    store, game = _game(tmp_path)
    try:
        kestrel = game.find_character("Kestrel")
        save_sheet(game, attrs.evolve(get_sheet(game, kestrel).with_vitals(5, 4, 3), approved=True))
    finally:
        store.close()
    code, out, _ = _run(capsys, str(DATA / "base_5e.hdc"), "--character", "Kestrel", "--data-dir", str(tmp_path))
    assert code == 0
    assert out[1] == "The sheet is approved, so this new version waits for approval (+approve in the game):"
    assert out[-1] == "  Total: 162 -> 63 points spent of 200 (base 200 + disadvantages 0 + XP 0)."
    store, game = _game(tmp_path)
    try:
        kestrel = game.find_character("Kestrel")
        assert get_hero(game, kestrel).spent == 162
        assert get_sheet(game, kestrel).current_stun == 5
    finally:
        store.close()


def test_export_writes_a_hero_designer_file_that_imports_back(tmp_path, capsys):
    from champions_mush.game.hdc import read_hdc

    _run(capsys, str(DATA / "everything_lad_5e.hdc"), "--character", "Kestrel", "--data-dir", str(tmp_path))
    out_file = tmp_path / "kestrel.hdc"
    code = main(["export-hdc", "--character", "Kestrel", str(out_file), "--data-dir", str(tmp_path)])
    out = capsys.readouterr()
    assert (code, out.err) == (0, "")
    assert out.out == f"Wrote Kestrel to {out_file}: 234 items, 1225 points spent of 330.\n"
    data = out_file.read_bytes()
    assert data[:2] == b"\xff\xfe"  # UTF-16 with its byte-order mark, as Hero Designer saves
    original = read_hdc((DATA / "everything_lad_5e.hdc").read_bytes(), 1).hero
    back = read_hdc(data, 1).hero
    assert [(i.id, i.active, i.real, i.end) for i in back.items] == [(i.id, i.active, i.real, i.end) for i in original.items]
    assert main(["export-hdc", "--character", "Nobody", str(out_file), "--data-dir", str(tmp_path)]) == 1
    assert capsys.readouterr().err == "champions-mush: there is no character called Nobody.\n"
