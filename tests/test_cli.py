"""The command line's log files: a full disk sends records to stderr, said once, no tracebacks."""

import logging

from champions_mush.logfiles import LogFile


def test_a_log_file_that_cannot_be_written_falls_back_to_stderr_once(tmp_path, capsys):
    handler = LogFile(tmp_path / "server.log", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    good = handler.stream
    handler.stream = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 - every write: ENOSPC; closed below
    logger = logging.getLogger("test.fallback")
    logger.propagate = False
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        logger.info("login Ada(#2) from 10.0.0.1")
        logger.info("login Bob(#3) from 10.0.0.2")
        logger.error("a storage failure")  # the console handler shows these already
        assert capsys.readouterr().err == (
            f"champions-mush: cannot write {tmp_path / 'server.log'} (No space left on device); "
            "its records go to stderr\n"
            "INFO test.fallback: login Ada(#2) from 10.0.0.1\n"
            "INFO test.fallback: login Bob(#3) from 10.0.0.2\n")
        full, handler.stream = handler.stream, good
        try:
            full.close()
        except OSError:
            pass  # its unwritten buffer: the disk is still full  # the admin frees the disk
        logger.info("login Cy(#4) from 10.0.0.3")
        assert capsys.readouterr().err == f"champions-mush: writing {tmp_path / 'server.log'} again\n"
        handler.flush()
        assert (tmp_path / "server.log").read_text(encoding="utf-8").endswith("INFO test.fallback: login Cy(#4) from 10.0.0.3\n")
    finally:
        logger.removeHandler(handler)
        handler.close()


def _logged(handler, lines):
    logger = logging.getLogger("test.rollover")
    logger.propagate = False
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        for line in lines:
            logger.info(line)
    finally:
        logger.removeHandler(handler)
        handler.close()


def test_a_log_file_rolls_over_before_a_line_would_take_it_past_its_size(tmp_path):
    handler = LogFile(tmp_path / "server.log", maxBytes=60, backupCount=2, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))
    _logged(handler, [f"login Storm{n}(#{n + 2}) from 127.0.0.1" for n in range(3)])  # 33-34 bytes a line
    assert (tmp_path / "server.log.2").read_text(encoding="utf-8") == "login Storm0(#2) from 127.0.0.1\n"
    assert (tmp_path / "server.log.1").read_text(encoding="utf-8") == "login Storm1(#3) from 127.0.0.1\n"
    assert (tmp_path / "server.log").read_text(encoding="utf-8") == "login Storm2(#4) from 127.0.0.1\n"


def test_a_log_that_is_not_a_regular_file_never_rolls_over(tmp_path):
    (tmp_path / "server.log").symlink_to("/dev/null")
    handler = LogFile(tmp_path / "server.log", maxBytes=10, backupCount=2, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))
    _logged(handler, ["login Ada(#2) from 10.0.0.1", "login Bob(#3) from 10.0.0.2"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["server.log"]
    assert (tmp_path / "server.log").is_symlink()
