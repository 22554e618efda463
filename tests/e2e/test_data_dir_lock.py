"""One process writes a game at a time: the shell's create-admin refuses while the server runs."""

import subprocess

from .helpers import Server, champions_mush_command


def _create_admin(data_dir, name):
    return subprocess.run(
        [*champions_mush_command(), "create-admin", name, "--password", "adminpw1", "--data-dir", str(data_dir)],
        check=False, capture_output=True, text=True, timeout=60,
    )


def test_create_admin_refused_while_serving_then_works_after(tmp_path):
    with Server(tmp_path) as server:
        refused = _create_admin(tmp_path, "Root")
        assert refused.returncode == 1
        assert "A server is running on" in refused.stderr
        second = subprocess.run(
            [*champions_mush_command(), "serve", "--port", "0", "--data-dir", str(tmp_path)],
            check=False, capture_output=True, text=True, timeout=60,
        )
        assert second.returncode == 1 and "A server is running on" in second.stderr
        server.terminate()
    made = _create_admin(tmp_path, "Root")
    assert made.returncode == 0, made.stderr
    with Server(tmp_path) as server:
        root = server.login("Root", "adminpw1", create=False)
        root.do("@wall The admin made in the shell can log in.", "The admin made in the shell can log in.")
