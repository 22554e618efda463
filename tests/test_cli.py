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
